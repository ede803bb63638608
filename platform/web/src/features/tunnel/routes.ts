// The purchase tunnel's pages, /tunnel/* (spec 01 §2): one lazy module, each route its step's page.
import type { TunnelStep } from '@transit-shop/flows/tunnel/tunnel-rules';
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

const TUNNEL_PAGES: readonly (readonly [string, TunnelStep])[] = [
  [paths.tunnelPassengers, 'passengers'],
  [paths.tunnelMedia, 'media'],
  [paths.tunnelCard, 'card'],
  [paths.tunnelCardAssociation, 'card/association'],
  [paths.tunnelCardProfiles, 'card/profiles'],
  [paths.tunnelCardSelection, 'card/selection'],
];

export const tunnelRoutes: RouteObject[] = TUNNEL_PAGES.map(([path, step]) => ({
  path: path.slice(1),
  lazy: async () => (await import('./pages/tunnel.tsx')).tunnelPage(step),
}));
