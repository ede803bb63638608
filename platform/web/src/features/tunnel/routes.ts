// The purchase tunnel's pages, /tunnel/{step} (spec 01 §2): one lazy route whose loader reads the
// step from the address (an unknown one is not found). The first paint carries this one entry and
// the small tunnel-load chunk's name only.
import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';

export const tunnelRoutes: RouteObject[] = [
  {
    path: `${paths.tunnel.slice(1)}/*`,
    lazy: async () => (await import('./pages/tunnel-load.ts')).loadTunnelPage(),
  },
];
