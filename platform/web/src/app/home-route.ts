// The home page's route: the one page whose route the first paint holds (decision 0034); the page
// table (page-routes.ts) lists the same object, so patching the table in adds it only once.
import type { RouteObject } from 'react-router';

export const homeRoute: RouteObject = { index: true, lazy: () => import('./routes/home.tsx') };
