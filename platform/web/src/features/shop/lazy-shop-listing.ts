// The shop's listing as the home page shows it: a lazily loaded component, so the catalogue, its
// schemas and the query cache stay out of the first paint (decision 0005). A module of its own rather
// than a line of the home route: the home route's static imports join the first-paint chunk, whose
// one list of chunk names this import then shares instead of the home chunk carrying its own.
import { lazy } from 'react';

export const ShopListing = lazy(() => import('./components/shop-listing.tsx'));
