// An OpenID provider for the sign-in tests, over real loopback HTTP (decision 0044): discovery, keys,
// an authorization page that sends the browser back with a code, a token endpoint that checks the
// client, the redirect address and the PKCE verifier and answers an ID token each test shapes,
// user info, and Keycloak's logout form, recorded. One provider serves several issuers, at the paths
// the demo networks' tenant files name after ${IDENTITY_SANDBOX_URL}.
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

/** The demo networks' issuers: Lumière's and Lakeside's Keycloak realms, FranceConnect. */
export const TEST_ISSUER_PATHS = {
  lumiere: '/realms/lumiere',
  lakeside: '/realms/lakeside',
  franceConnect: '/franceconnect',
} as const;

const KEY_ID = 'test-key-1';

/** Someone signing in at the provider: their subject and the claims the provider gives. */
export type Person = { sub: string; claims?: Record<string, unknown> };

/** How the next ID token goes wrong, if it does. */
export type Tampering = {
  /** Signed with another key under the provider's key id, or not signed at all (alg none). */
  signWith?: 'another-key' | 'none';
  /** Claims written over the right ones (iss, aud, exp, iat, nonce...). */
  claims?: Record<string, unknown>;
};

type Grant = {
  issuerPath: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  person: Person;
  tampering: Tampering;
  used: boolean;
};

export type Authorized = { code: string; state: string; iss: string | null; request: URLSearchParams };

export type TestOpenIdProvider = {
  origin: string;
  issuer(path: string): string;
  /** Who signs in at the next authorization, and how their ID token is made. */
  signInNext(person: Person, tampering?: Tampering): void;
  /** A browser following the authorization URL: the provider's page sends it back with a code. */
  authorize(authorizationUrl: string): Promise<Authorized>;
  /** The token endpoint answers this status (a provider failing on its side) until set back to null. */
  failTokenEndpoint: number | null;
  /** Every request by method and path, the discovery documents' included. */
  readonly requests: string[];
  readonly tokenRequests: URLSearchParams[];
  /** The ID tokens and refresh tokens issued, by subject, last first. */
  readonly issued: { sub: string; idToken: string; refreshToken: string }[];
  readonly logouts: { issuerPath: string; form: URLSearchParams }[];
  /** Keycloak's logout form answers this status (null: 204). */
  failLogout: number | null;
  /** The discovery documents answer this status (null: the document). */
  failDiscovery: number | null;
  close(): Promise<void>;
};

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startTestOpenIdProvider(): Promise<TestOpenIdProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const { privateKey: otherKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'ES256', use: 'sig' };
  const grants = new Map<string, Grant>();
  const userInfo = new Map<string, Person>();
  let next: { person: Person; tampering: Tampering } | undefined;
  let origin = '';

  const provider: TestOpenIdProvider = {
    origin: '',
    issuer: (path) => `${origin}${path}`,
    signInNext(person, tampering = {}) {
      next = { person, tampering };
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`the provider answered ${response.status}`);
      const back = new URL(location);
      return {
        code: back.searchParams.get('code') ?? '',
        state: back.searchParams.get('state') ?? '',
        iss: back.searchParams.get('iss'),
        request: new URL(authorizationUrl).searchParams,
      };
    },
    failTokenEndpoint: null,
    failLogout: null,
    failDiscovery: null,
    requests: [],
    tokenRequests: [],
    issued: [],
    logouts: [],
    close: async () => undefined,
  };

  async function idTokenOf(grant: Grant, issuer: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      iss: issuer,
      aud: grant.clientId,
      sub: grant.person.sub,
      iat: now,
      exp: now + 300,
      auth_time: now,
      ...(grant.nonce === undefined ? {} : { nonce: grant.nonce }),
      // A Keycloak realm writes the person's claims in the ID token; FranceConnect at user info.
      ...(grant.issuerPath === TEST_ISSUER_PATHS.franceConnect ? {} : grant.person.claims),
      ...grant.tampering.claims,
    };
    if (grant.tampering.signWith === 'none') {
      return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: KEY_ID, typ: 'JWT' })
      .sign(grant.tampering.signWith === 'another-key' ? otherKey : privateKey);
  }

  function issuerApp(issuerPath: string) {
    const app = new Hono();
    const issuer = () => `${origin}${issuerPath}`;
    const isKeycloak = issuerPath !== TEST_ISSUER_PATHS.franceConnect;
    const logoutPath = '/protocol/openid-connect/logout';

    app.get('/.well-known/openid-configuration', (c) =>
      provider.failDiscovery !== null
        ? c.text('unavailable', provider.failDiscovery as 503)
        : c.json({
            issuer: issuer(),
            authorization_endpoint: `${issuer()}/auth`,
            token_endpoint: `${issuer()}/token`,
            userinfo_endpoint: `${issuer()}/userinfo`,
            jwks_uri: `${issuer()}/jwks`,
            end_session_endpoint: `${issuer()}${isKeycloak ? logoutPath : '/session/end'}`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['ES256'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
            authorization_response_iss_parameter_supported: true,
          }),
    );
    app.get('/jwks', (c) => c.json({ keys: [jwk] }));

    app.get('/auth', (c) => {
      const query = new URL(c.req.url).searchParams;
      const redirectUri = query.get('redirect_uri');
      const challenge = query.get('code_challenge');
      if (!redirectUri || !challenge || query.get('code_challenge_method') !== 'S256' || !next)
        return c.text('not a sign-in this provider expects', 400);
      const code = randomBytes(16).toString('base64url');
      grants.set(code, {
        issuerPath,
        clientId: query.get('client_id') ?? '',
        redirectUri,
        codeChallenge: challenge,
        nonce: query.get('nonce') ?? undefined,
        person: next.person,
        tampering: next.tampering,
        used: false,
      });
      next = undefined;
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', query.get('state') ?? '');
      back.searchParams.set('iss', issuer());
      return c.redirect(back.href, 302);
    });

    app.post('/token', async (c) => {
      const form = new URLSearchParams(await c.req.text());
      provider.tokenRequests.push(form);
      if (provider.failTokenEndpoint !== null)
        return c.json({ error: 'temporarily_unavailable' }, provider.failTokenEndpoint as 503);
      const grant = grants.get(form.get('code') ?? '');
      const clientId = form.get('client_id') ?? '';
      if (form.get('client_secret') !== `sandbox-secret-${clientId}`)
        return c.json({ error: 'invalid_client' }, 401);
      if (
        form.get('grant_type') !== 'authorization_code' ||
        !grant ||
        grant.used ||
        grant.issuerPath !== issuerPath ||
        grant.clientId !== clientId ||
        grant.redirectUri !== form.get('redirect_uri') ||
        grant.codeChallenge !== s256(form.get('code_verifier') ?? '')
      )
        return c.json({ error: 'invalid_grant' }, 400);
      grant.used = true;
      const accessToken = randomBytes(16).toString('base64url');
      const refreshToken = randomBytes(16).toString('base64url');
      const idToken = await idTokenOf(grant, issuer());
      userInfo.set(accessToken, grant.person);
      provider.issued.unshift({ sub: grant.person.sub, idToken, refreshToken });
      return c.json({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        refresh_token: refreshToken,
        id_token: idToken,
      });
    });

    app.get('/userinfo', (c) => {
      const person = userInfo.get((c.req.header('authorization') ?? '').replace(/^Bearer /, ''));
      if (!person) return c.json({ error: 'invalid_token' }, 401);
      return c.json({ sub: person.sub, ...person.claims });
    });

    app.post(logoutPath, async (c) => {
      provider.logouts.push({ issuerPath, form: new URLSearchParams(await c.req.text()) });
      if (provider.failLogout !== null) return c.json({ error: 'unknown_error' }, provider.failLogout as 500);
      return c.body(null, 204);
    });
    return app;
  }

  const app = new Hono();
  app.use(async (c, nextHandler) => {
    provider.requests.push(`${c.req.method} ${new URL(c.req.url).pathname}`);
    await nextHandler();
  });
  for (const path of Object.values(TEST_ISSUER_PATHS)) app.route(path, issuerApp(path));

  const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.origin = origin;
  provider.close = async () => {
    if ('closeAllConnections' in server) server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return provider;
}
