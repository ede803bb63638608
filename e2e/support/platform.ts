// Where the platform under test listens and how to reach each demo network. E2E_PORT moves the
// whole set (the ticket API listens on port + 1, the payment sandbox on port + 10, the identity
// sandbox on port + 20), so two runs can share a machine.
// biome-ignore lint/suspicious/noUndeclaredEnvVars: the test runner's own variable; turbo does not run these tests
export const E2E_PORT = Number(process.env.E2E_PORT || 8091);
/** The test mail server (smtp-sink.ts): SMTP for the platform, HTTP for the tests. */
export const SMTP_SINK_PORT = E2E_PORT + 2;
export const MAILBOX_PORT = E2E_PORT + 3;
/** The networks' OpenID providers (scripts/start.mjs): issuers at /realms/<name> and /franceconnect. */
export const IDENTITY_SANDBOX_URL = `http://127.0.0.1:${E2E_PORT + 20}`;

export function networkUrl(slug: string, path = '/'): string {
  return `http://${slug}.localhost:${E2E_PORT}${path}`;
}

/** Node's resolver does not know *.localhost: API checks go to loopback with the network's Host. */
export function apiRequest(slug: string, path: string): [string, { headers: { host: string } }] {
  return [`http://127.0.0.1:${E2E_PORT}${path}`, { headers: { host: `${slug}.localhost:${E2E_PORT}` } }];
}
