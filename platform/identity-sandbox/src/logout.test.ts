// Ending a session: Keycloak's logout form posted by the shop's server with the refresh token, and
// the RP-initiated logout FranceConnect asks of a relying party (the browser sent to end_session).
import { IDENTITY_SANDBOX_PLACEHOLDER } from '@transit-shop/tenancy';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSandboxUser } from './admin-client.ts';
import type { SandboxClient, SandboxIssuer } from './issuers/sandbox-issuers.ts';
import {
  type Browser,
  createBrowser,
  type RelyingParty,
  relyingParty,
  signIn,
  signInForm,
  startTestSandbox,
  TEST_ADMIN_KEY,
  type TestSandbox,
} from './test-support/sandbox.ts';

const LAKESIDE = '/realms/lakeside';
const FRANCECONNECT = '/franceconnect';
const ALEX = { username: 'alex.keller', password: 'lakeside-demo' };
const JEANNE = { username: 'jeanne.dupont', password: 'franceconnect-demo' };

/** A realm two shops share, to try one shop's token with the other's credentials. */
const SHARED: SandboxIssuer = {
  template: `${IDENTITY_SANDBOX_PLACEHOLDER}/realms/shared`,
  path: '/realms/shared',
  driver: 'KEYCLOAK',
  clients: ['a', 'b'].map((name) => ({
    clientId: `shop-${name}`,
    clientSecret: `secret-of-shop-${name}`,
    providerName: 'Shared ID',
    networkSlug: name,
    domains: [`${name}.localhost`],
  })),
};

let sandbox: TestSandbox;
let shared: TestSandbox;
beforeAll(async () => {
  [sandbox, shared] = await Promise.all([startTestSandbox(), startTestSandbox({ issuers: [SHARED] })]);
});

function postLogoutForm(
  issuerUrl: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${issuerUrl}/protocol/openid-connect/logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

/** Whether the browser's next authorization at that issuer asks for the password. */
async function asksForPassword(browser: Browser, rp: RelyingParty) {
  const answer = await browser.open(rp.authorizationUrl(), rp.redirectUri);
  return answer.status === 200 && signInForm(answer.text) !== undefined;
}

describe("Keycloak's logout form", () => {
  async function signedInAtLakeside() {
    const rp = await relyingParty({
      issuerUrl: sandbox.issuerUrl(LAKESIDE),
      client: sandbox.clientOf(LAKESIDE, 'lakeside'),
    });
    const browser = createBrowser();
    const tokens = await rp.exchange(await signIn(browser, rp, ALEX));
    expect(await asksForPassword(browser, rp)).toBe(false);
    return { rp, browser, tokens, client: sandbox.clientOf(LAKESIDE, 'lakeside') };
  }

  it('ends the session with the refresh token: 204, the next sign-in asks for the password', async () => {
    const { rp, browser, tokens, client: shop } = await signedInAtLakeside();
    const answer = await postLogoutForm(sandbox.issuerUrl(LAKESIDE), {
      grant_type: 'refresh_token',
      client_id: shop.clientId,
      client_secret: shop.clientSecret,
      refresh_token: tokens.refresh_token as string,
    });
    expect(answer.status).toBe(204);
    expect(await asksForPassword(browser, rp)).toBe(true);
    // The grant went with the session: its refresh token is no longer good.
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('takes the client credentials as HTTP Basic too', async () => {
    const { rp, browser, tokens, client: shop } = await signedInAtLakeside();
    const basic = Buffer.from(`${shop.clientId}:${shop.clientSecret}`).toString('base64');
    const answer = await postLogoutForm(
      sandbox.issuerUrl(LAKESIDE),
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token as string },
      { authorization: `Basic ${basic}` },
    );
    expect(answer.status).toBe(204);
    expect(await asksForPassword(browser, rp)).toBe(true);
  });

  it('refuses a wrong secret (401) and an unknown refresh token (400), leaving the session', async () => {
    const { rp, browser, tokens, client: shop } = await signedInAtLakeside();
    const wrongSecret = await postLogoutForm(sandbox.issuerUrl(LAKESIDE), {
      grant_type: 'refresh_token',
      client_id: shop.clientId,
      client_secret: 'not-the-secret',
      refresh_token: tokens.refresh_token as string,
    });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'unauthorized_client' });

    const unknownToken = await postLogoutForm(sandbox.issuerUrl(LAKESIDE), {
      grant_type: 'refresh_token',
      client_id: shop.clientId,
      client_secret: shop.clientSecret,
      refresh_token: 'not-a-refresh-token',
    });
    expect(unknownToken.status).toBe(400);
    expect(await unknownToken.json()).toMatchObject({ error: 'invalid_grant' });

    expect(await asksForPassword(browser, rp)).toBe(false);
  });

  it("refuses another shop's refresh token, even with that shop's own valid credentials", async () => {
    const [shopA, shopB] = SHARED.clients as [SandboxClient, SandboxClient];
    await createSandboxUser(shared.issuerUrl('/realms/shared'), TEST_ADMIN_KEY, {
      username: 'sam',
      password: 'sam-password',
      claims: { given_name: 'Sam', family_name: 'Shared', email: 'sam@shared.example' },
    });
    const rp = await relyingParty({ issuerUrl: shared.issuerUrl('/realms/shared'), client: shopA });
    const browser = createBrowser();
    const tokens = await rp.exchange(
      await signIn(browser, rp, { username: 'sam', password: 'sam-password' }),
    );
    const answer = await postLogoutForm(shared.issuerUrl('/realms/shared'), {
      grant_type: 'refresh_token',
      client_id: shopB.clientId,
      client_secret: shopB.clientSecret,
      refresh_token: tokens.refresh_token as string,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await asksForPassword(browser, rp)).toBe(false);
  });

  it("stays oidc-provider's RP-initiated logout by GET, and by POST without a refresh token", async () => {
    for (const method of ['GET', 'POST'] as const) {
      const { rp, browser, tokens } = await signedInAtLakeside();
      const parameters = {
        id_token_hint: tokens.id_token as string,
        post_logout_redirect_uri: 'http://lakeside.localhost:5173/auth/logout',
        state: `logout-${method}`,
      };
      const answer =
        method === 'GET'
          ? await browser.request(client.buildEndSessionUrl(rp.config, parameters))
          : await browser.request(`${sandbox.issuerUrl(LAKESIDE)}/protocol/openid-connect/logout`, {
              form: parameters,
            });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`http://lakeside.localhost:5173/auth/logout?state=logout-${method}`);
      expect(await asksForPassword(browser, rp)).toBe(true);
    }
  });
});

describe("FranceConnect's RP-initiated logout", () => {
  const POST_LOGOUT = 'http://lumiere.localhost:5173/fr/auth/logout';

  async function signedInAtFranceConnect() {
    const rp = await relyingParty({
      issuerUrl: sandbox.issuerUrl(FRANCECONNECT),
      client: sandbox.clientOf(FRANCECONNECT, 'lumiere'),
    });
    const browser = createBrowser();
    const tokens = await rp.exchange(await signIn(browser, rp, JEANNE, { scope: 'openid given_name' }));
    return { rp, browser, tokens };
  }

  it('with the ID token: ends the session and sends the browser back with its state, no page between', async () => {
    const { rp, browser, tokens } = await signedInAtFranceConnect();
    const answer = await browser.request(
      client.buildEndSessionUrl(rp.config, {
        id_token_hint: tokens.id_token as string,
        post_logout_redirect_uri: POST_LOGOUT,
        state: 'state-of-the-shop',
      }),
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${POST_LOGOUT}?state=state-of-the-shop`);
    expect(await asksForPassword(browser, rp)).toBe(true);
  });

  it('without it: asks first, on a translated page whose form ends the session', async () => {
    const { rp, browser } = await signedInAtFranceConnect();
    const url = client.buildEndSessionUrl(rp.config, {
      client_id: sandbox.clientOf(FRANCECONNECT, 'lumiere').clientId,
      post_logout_redirect_uri: POST_LOGOUT,
      state: 's1',
      ui_locales: 'fr',
    });
    const page = await browser.request(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="fr" dir="ltr">');
    expect(page.text).toContain('<h1>Se déconnecter de \u2068FranceConnect (sandbox)\u2069 ?</h1>');
    expect(page.response.headers.get('content-security-policy')).toContain(
      "form-action 'self' http://lumiere.localhost:5173",
    );
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page.text)?.[1] as string;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)?.[1] as string;
    const answer = await browser.request(action, { form: { xsrf, logout: 'yes' } });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${POST_LOGOUT}?state=s1`);
    expect(await asksForPassword(browser, rp)).toBe(true);
  });

  it("refuses a post-logout URI outside the network's domains", async () => {
    const { rp, browser, tokens } = await signedInAtFranceConnect();
    const answer = await browser.request(
      client.buildEndSessionUrl(rp.config, {
        id_token_hint: tokens.id_token as string,
        post_logout_redirect_uri: 'http://evil.example/logout',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(await asksForPassword(browser, rp)).toBe(false);
  });
});
