// The sandbox for tests: the repository's tenant files served on a loopback port, a browser that
// keeps cookies and follows no redirect by itself, and the relying party's side done by openid-client
// as the ticket API does it.
import { repositoryPath } from '@transit-shop/service-kit/env';
import { loadTenants } from '@transit-shop/tenancy/load-tenants';
import * as client from 'openid-client';
import { afterAll, expect } from 'vitest';
import { planIssuers, type SandboxClient, type SandboxIssuer } from '../issuers/sandbox-issuers.ts';
import { silentLogger } from '../logger.ts';
import { createIdentitySandbox } from '../sandbox.ts';
import { listen } from '../server.ts';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

/** The demo networks' issuers, with the demo secrets (no secret variable set). */
export async function demoIssuers(variables: Record<string, string> = {}): Promise<SandboxIssuer[]> {
  const tenants = await loadTenants({
    tenantsDir: repositoryPath('tenants'),
    themesDir: repositoryPath('themes'),
  });
  return planIssuers(
    tenants.networks.map(({ network }) => network),
    variables,
  ).issuers;
}

export type TestSandbox = Awaited<ReturnType<typeof startTestSandbox>>;

/** A sandbox on a free loopback port (the demo networks' issuers unless told), stopped after the file's tests. */
export async function startTestSandbox(options: { issuers?: SandboxIssuer[] } = {}) {
  const issuers = options.issuers ?? (await demoIssuers());
  const server = await listen({ port: 0, hostname: '127.0.0.1' });
  const origin = `http://127.0.0.1:${server.port}`;
  const sandbox = await createIdentitySandbox({
    publicUrl: origin,
    issuers,
    adminKey: TEST_ADMIN_KEY,
    logger: silentLogger(),
  });
  server.serve(sandbox.handle);
  afterAll(() => server.close());

  const issuerAt = (path: string) => {
    const issuer = issuers.find((candidate) => candidate.path === path);
    if (!issuer) throw new Error(`no issuer at ${path}`);
    return issuer;
  };
  return {
    origin,
    issuers,
    issuerUrl: (path: string) => `${origin}${path}`,
    issuerAt,
    clientOf: (path: string, networkSlug: string): SandboxClient => {
      const found = issuerAt(path).clients.find((candidate) => candidate.networkSlug === networkSlug);
      if (!found) throw new Error(`no client of ${networkSlug} at ${path}`);
      return found;
    },
  };
}

type Cookie = { name: string; value: string; path: string };

/** A browser without JavaScript: it keeps cookies by path and shows each answer, redirects included. */
export function createBrowser(options: { acceptLanguage?: string } = {}) {
  let cookies: Cookie[] = [];

  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const path = attributes.find((part) => part.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (part) =>
          part.toLowerCase().startsWith('expires=') && new Date(part.slice(8)).getTime() <= Date.now(),
      );
      cookies = cookies.filter((cookie) => !(cookie.name === name && cookie.path === path));
      if (!expired && value !== '') cookies.push({ name, value, path });
    }
  };

  const cookieHeader = (url: URL) =>
    cookies
      .filter(
        ({ path }) =>
          url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`),
      )
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');

  async function request(url: string | URL, init: { method?: string; form?: Record<string, string> } = {}) {
    const target = new URL(url);
    const headers = new Headers({ cookie: cookieHeader(target) });
    if (options.acceptLanguage) headers.set('accept-language', options.acceptLanguage);
    if (init.form) headers.set('content-type', 'application/x-www-form-urlencoded');
    const response = await fetch(target, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body: init.form ? new URLSearchParams(init.form) : undefined,
      redirect: 'manual',
    });
    remember(response);
    const location = response.headers.get('location');
    return {
      response,
      status: response.status,
      location: location === null ? null : new URL(location, target).href,
      text: await response.text(),
    };
  }

  /** Opens a URL and follows the sandbox's redirects until an answer is a page or leaves for `stopAt`. */
  async function open(url: string | URL, stopAt: string, init: { form?: Record<string, string> } = {}) {
    let answer = await request(url, init);
    while (answer.location && !answer.location.startsWith(stopAt)) answer = await request(answer.location);
    return answer;
  }

  return { request, open, cookies: () => [...cookies] };
}

export type Browser = ReturnType<typeof createBrowser>;

/** The sign-in form's action and its username field, read from the page. */
export function signInForm(page: string) {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no sign-in form in:\n${page}`);
  return {
    action: action.replace(/&amp;/g, '&'),
    username: /id="username"[^>]* value="([^"]*)"/.exec(page)?.[1],
  };
}

/** The relying party's side, as the ticket API does it with openid-client. */
export async function relyingParty(options: {
  issuerUrl: string;
  client: SandboxClient;
  auth?: 'basic' | 'post';
  redirectUri?: string;
}) {
  const auth = options.auth === 'basic' ? client.ClientSecretBasic() : client.ClientSecretPost();
  const config = await client.discovery(
    new URL(options.issuerUrl),
    options.client.clientId,
    options.client.clientSecret,
    auth,
    { execute: [client.allowInsecureRequests] },
  );
  const redirectUri = options.redirectUri ?? `http://${options.client.domains[0]}:5173/auth/return`;
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const challenge = await client.calculatePKCECodeChallenge(verifier);
  return {
    config,
    issuerUrl: options.issuerUrl,
    redirectUri,
    state,
    authorizationUrl: (parameters: Record<string, string> = {}) =>
      client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state,
        nonce,
        ...parameters,
      }),
    exchange: (callbackUrl: string) =>
      client.authorizationCodeGrant(config, new URL(callbackUrl), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      }),
  };
}

export type RelyingParty = Awaited<ReturnType<typeof relyingParty>>;

/** From the authorization URL to the shop's redirect URI: the form, filled and sent. */
export async function signIn(
  browser: Browser,
  rp: RelyingParty,
  credentials: { username: string; password: string },
  parameters: Record<string, string> = {},
) {
  const page = await browser.open(rp.authorizationUrl(parameters), rp.redirectUri);
  expect(page.status, page.text).toBe(200);
  const form = signInForm(page.text);
  const back = await browser.open(new URL(form.action, rp.issuerUrl), rp.redirectUri, {
    form: { ...credentials, action: 'sign-in' },
  });
  expect(back.location, back.text).toMatch(new RegExp(`^${rp.redirectUri}\\?`));
  return back.location as string;
}
