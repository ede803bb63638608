// What a relying party finds at each issuer the demo networks name: its discovery document (Keycloak's
// endpoint names for a realm), its keys, and the sandbox's own few routes.
import { beforeAll, describe, expect, it } from 'vitest';
import { STYLESHEET_PATH } from './pages/stylesheet.ts';
import { startTestSandbox, type TestSandbox } from './test-support/sandbox.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});

type Discovery = Record<string, unknown> & { issuer: string; jwks_uri: string };

async function discovery(path: string): Promise<Discovery> {
  const answer = await fetch(`${sandbox.issuerUrl(path)}/.well-known/openid-configuration`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Discovery;
}

describe('discovery', () => {
  it('serves one issuer per distinct sandbox issuer of the tenant files', () => {
    expect(sandbox.issuers.map((issuer) => [issuer.path, issuer.driver]).sort()).toEqual([
      ['/franceconnect', 'FRANCECONNECT'],
      ['/realms/lakeside', 'KEYCLOAK'],
      ['/realms/lumiere', 'KEYCLOAK'],
    ]);
  });

  it.each(['/realms/lumiere', '/realms/lakeside'])("%s: Keycloak's endpoints", async (path) => {
    const issuer = sandbox.issuerUrl(path);
    const document = await discovery(path);
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      id_token_signing_alg_values_supported: expect.arrayContaining(['RS256']),
      grant_types_supported: expect.arrayContaining(['authorization_code', 'refresh_token']),
    });
    expect(document.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
  });

  it("/franceconnect: the pivot identity's scopes and claims", async () => {
    const issuer = sandbox.issuerUrl('/franceconnect');
    const document = await discovery('/franceconnect');
    const pivot = [
      'given_name',
      'family_name',
      'birthdate',
      'gender',
      'birthplace',
      'birthcountry',
      'email',
      'preferred_username',
    ];
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      end_session_endpoint: `${issuer}/session/end`,
      acr_values_supported: ['eidas1'],
    });
    expect(document.scopes_supported).toEqual(expect.arrayContaining(['openid', ...pivot]));
    expect(document.claims_supported).toEqual(expect.arrayContaining(['sub', ...pivot]));
  });

  it('publishes each issuer its own RS256 public key', async () => {
    const kids = new Set<string>();
    for (const { path } of sandbox.issuers) {
      const { keys } = (await (await fetch((await discovery(path)).jwks_uri)).json()) as {
        keys: Record<string, string>[];
      };
      expect(keys).toHaveLength(1);
      const [key] = keys as [Record<string, string>];
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key).not.toHaveProperty('d');
      kids.add(key.kid as string);
    }
    expect(kids.size).toBe(sandbox.issuers.length);
  });
});

describe("the sandbox's own routes", () => {
  it('serves the stylesheet for a year, a health check, and 404 elsewhere, all with its security headers', async () => {
    const css = await fetch(`${sandbox.origin}${STYLESHEET_PATH}`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await css.text()).toContain('prefers-color-scheme: dark');

    const health = await fetch(`${sandbox.origin}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    for (const path of [
      '/',
      '/realms',
      '/realms/nowhere/.well-known/openid-configuration',
      '/realms/lumiere-x',
    ]) {
      const answer = await fetch(`${sandbox.origin}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
    }
  });
});
