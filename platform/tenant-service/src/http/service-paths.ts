// The addresses the service answers itself; every other path on a network's domain is a page of
// the web app. app.ts mounts its routes under these, and a test keeps the two in step.

export const SERVICE_PATHS = {
  health: '/healthz',
  alerts: '/alerts',
  api: '/api',
  assets: '/assets',
  tenant: '/tenant',
  bootstrap: '/bootstrap.json',
  buildManifest: '/build-manifest.json',
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  wellKnown: '/.well-known',
} as const;

const PREFIXES = Object.values(SERVICE_PATHS);

/** Whether a path (without its query) belongs to one of the service's own routes. */
export function isServicePath(path: string): boolean {
  for (const prefix of PREFIXES) {
    if (path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/'))
      return true;
  }
  return false;
}
