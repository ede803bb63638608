// The documents pages (spec 01 "Documents and validation-request tracking"; decision 0033): the
// account's documents at /documents and its validation requests at /documents/submissions. Each is
// a lazy module whose loader is its guard (signed in, complete account).
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export const documentsRoutes: RouteObject[] = [
  { path: paths.documents.slice(1), lazy: () => import('./pages/documents.tsx') },
  { path: paths.documentsSubmissions.slice(1), lazy: () => import('./pages/submissions.tsx') },
];
