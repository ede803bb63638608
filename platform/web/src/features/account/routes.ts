// The pages of the account area: profile, travellers, credentials, appearance, invoices, payment
// methods, transport cards, deletion. Each is a lazy module whose loader is its guard (signed in,
// not a guest, complete account).
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export const accountRoutes: RouteObject[] = [
  { path: paths.account.slice(1), lazy: () => import('./pages/account.tsx') },
  { path: paths.accountNewProfile.slice(1), lazy: () => import('./pages/new-traveller.tsx') },
  { path: paths.accountDelete.slice(1), lazy: () => import('./pages/delete-account.tsx') },
  { path: paths.accountInvoices.slice(1), lazy: () => import('./pages/invoices.tsx') },
  { path: paths.accountPaymentCards.slice(1), lazy: () => import('./pages/payment-cards.tsx') },
  { path: paths.accountTransportCards.slice(1), lazy: () => import('./pages/transport-cards.tsx') },
  {
    path: paths.accountTransportCardIncident.slice(1),
    lazy: () => import('./pages/transport-card-incident.tsx'),
  },
  { path: paths.accountProfile.slice(1), lazy: () => import('./pages/edit-traveller.tsx') },
  // After the request the session has ended: the page needs none.
  { path: paths.deletionSuccess.slice(1), lazy: () => import('./pages/deletion-success.tsx') },
];
