// The pages of the account area: profile, travellers, credentials, sign-in methods, appearance,
// invoices, payment methods, tacit subscriptions, transport cards, deletion. Each is a lazy module
// whose loader is its guard (signed in, not a guest, complete account; a default identity to
// replace one, ROUTE-11; a network selling subscriptions for theirs). A renewal notice's link to
// terminate a subscription needs no session.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

const subscriptionsAddress = () => import('./pages/subscriptions-address.tsx');

export const accountRoutes: RouteObject[] = [
  { path: paths.account.slice(1), lazy: () => import('./pages/account.tsx') },
  { path: paths.accountNewProfile.slice(1), lazy: () => import('./pages/new-traveller.tsx') },
  { path: paths.accountDelete.slice(1), lazy: () => import('./pages/delete-account.tsx') },
  { path: paths.accountIdentityAdd.slice(1), lazy: () => import('./pages/identity-add.tsx') },
  { path: paths.accountIdentityReplace.slice(1), lazy: () => import('./pages/identity-replace.tsx') },
  { path: paths.accountInvoices.slice(1), lazy: () => import('./pages/invoices.tsx') },
  { path: paths.accountPaymentCards.slice(1), lazy: () => import('./pages/payment-cards.tsx') },
  { path: paths.accountTacit.slice(1), lazy: () => import('./pages/tacit-subscriptions.tsx') },
  { path: paths.accountTacitSubscription.slice(1), lazy: () => import('./pages/tacit-subscription.tsx') },
  { path: paths.subscriptionsOld.slice(1), lazy: subscriptionsAddress },
  { path: paths.accountSubscriptionsOld.slice(1), lazy: subscriptionsAddress },
  { path: paths.subscriptionTerminate.slice(1), lazy: () => import('./pages/terminate-by-link.tsx') },
  { path: paths.accountTransportCards.slice(1), lazy: () => import('./pages/transport-cards.tsx') },
  {
    path: paths.accountTransportCardIncident.slice(1),
    lazy: () => import('./pages/transport-card-incident.tsx'),
  },
  { path: paths.accountProfile.slice(1), lazy: () => import('./pages/edit-traveller.tsx') },
  // After the request the session has ended: the page needs none.
  { path: paths.deletionSuccess.slice(1), lazy: () => import('./pages/deletion-success.tsx') },
];
