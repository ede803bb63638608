// Where a client may send the browser back after sign-in or logout: any http(s) URL on one of its
// network's domains, on any port (the shops run on varying ports in development and tests).
export function isOnDomains(uri: string, domains: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // A fragment is not allowed in a redirect URI (RFC 6749 §3.1.2); user info hides the real host.
  if (url.hash || uri.includes('#') || url.username || url.password) return false;
  return domains.some((domain) => domain.toLowerCase() === url.hostname);
}
