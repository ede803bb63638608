// Where the platform under test listens and how to reach each demo network.
export const E2E_PORT = 8091;

export function networkUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${path}`;
}

/** Node's resolver does not know *.localhost: API checks go to loopback with the network's Host. */
export function apiRequest(slug: string, path: string): [string, { headers: { host: string } }] {
  return [`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${slug}.localhost:${E2E_PORT}` } }];
}
