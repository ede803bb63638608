// Where the platform under test listens and how to reach each demo network.
export const E2E_PORT = 8091;

export function networkUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${path}`;
}
