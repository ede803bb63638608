// The tunnel page's module, loaded from here rather than from the route registry: the list of
// chunks it needs then travels in this small chunk, not in the first paint's JavaScript.
export const loadTunnelPage = () => import('./tunnel.tsx');
