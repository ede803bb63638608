// Signing in over real HTTP as a shop does: openid-client's authorization URL with PKCE, the
// sandbox's form, the code exchanged and the ID token verified against the issuer's keys.
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createBrowser,
  relyingParty,
  signIn,
  signInForm,
  startTestSandbox,
  type TestSandbox,
} from './test-support/sandbox.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});

const LAKESIDE = '/realms/lakeside';
const FRANCECONNECT = '/franceconnect';
const PIVOT_SCOPES =
  'openid given_name family_name birthdate gender birthplace birthcountry email preferred_username';

const lakesideRp = (auth: 'basic' | 'post' = 'basic') =>
  relyingParty({
    issuerUrl: sandbox.issuerUrl(LAKESIDE),
    client: sandbox.clientOf(LAKESIDE, 'lakeside'),
    auth,
  });

describe('signing in at a realm', () => {
  it("gives a verified ID token with the user's claims and a refresh token (client_secret_basic)", async () => {
    const rp = await lakesideRp('basic');
    const browser = createBrowser();
    const callback = await signIn(
      browser,
      rp,
      { username: 'alex.keller@lakeside.example', password: 'lakeside-demo' },
      { scope: 'openid profile email' },
    );
    const tokens = await rp.exchange(callback);
    expect(tokens.claims()).toMatchObject({
      iss: sandbox.issuerUrl(LAKESIDE),
      aud: 'lakeside-eshop',
      given_name: 'Alex',
      family_name: 'Keller',
      name: 'Alex Keller',
      preferred_username: 'alex.keller',
      email: 'alex.keller@lakeside.example',
      email_verified: true,
    });
    expect(tokens.claims()?.sub).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const refreshed = await client.refreshTokenGrant(rp.config, tokens.refresh_token as string);
    expect(refreshed.access_token).toEqual(expect.any(String));
  });

  it('takes the client secret in the body too (client_secret_post), and the username in any case', async () => {
    const rp = await lakesideRp('post');
    const callback = await signIn(createBrowser(), rp, {
      username: 'Alex.Keller',
      password: 'lakeside-demo',
    });
    const tokens = await rp.exchange(callback);
    // Only what the scopes ask for: openid alone gives no profile.
    expect(tokens.claims()).not.toHaveProperty('email');
  });

  it('signs in again without the form while the session lasts (same subject)', async () => {
    const rp = await lakesideRp();
    const browser = createBrowser();
    const first = await rp.exchange(
      await signIn(browser, rp, { username: 'alex.keller', password: 'lakeside-demo' }),
    );
    const again = await lakesideRp();
    const back = await browser.open(again.authorizationUrl(), again.redirectUri);
    expect(back.location).toMatch(new RegExp(`^${again.redirectUri}\\?code=`));
    const second = await again.exchange(back.location as string);
    expect(second.claims()?.sub).toBe(first.claims()?.sub);
  });

  it('shows the form again, translated, with the username kept, after a wrong password', async () => {
    const rp = await lakesideRp();
    const browser = createBrowser();
    const page = await browser.open(rp.authorizationUrl({ ui_locales: 'en' }), rp.redirectUri);
    const form = signInForm(page.text);
    const wrong = await browser.request(new URL(form.action, rp.issuerUrl), {
      form: { username: 'alex.keller', password: 'not-the-password', action: 'sign-in' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain(
      '<div class="error-summary" role="alert" id="sign-in-error"><p>The username or the password is wrong.',
    );
    expect(signInForm(wrong.text).username).toBe('alex.keller');
    expect(wrong.text).toMatch(/id="password"[^>]*aria-invalid="true" aria-describedby="sign-in-error"/);

    // The same interaction still signs in with the right password.
    const back = await browser.open(new URL(form.action, rp.issuerUrl), rp.redirectUri, {
      form: { username: 'alex.keller', password: 'lakeside-demo', action: 'sign-in' },
    });
    expect(back.location).toMatch(new RegExp(`^${rp.redirectUri}\\?code=`));
  });

  it('sends the browser back with error=access_denied on Cancel', async () => {
    const rp = await lakesideRp();
    const browser = createBrowser();
    const page = await browser.open(rp.authorizationUrl(), rp.redirectUri);
    const back = await browser.open(new URL(signInForm(page.text).action, rp.issuerUrl), rp.redirectUri, {
      form: { username: '', password: '', action: 'cancel' },
    });
    const callback = new URL(back.location as string);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(rp.state);
    await expect(rp.exchange(callback.href)).rejects.toMatchObject({ error: 'access_denied' });
  });

  it("refuses a redirect URI outside the network's domains, on a page, without redirecting", async () => {
    const rp = await lakesideRp();
    for (const redirectUri of [
      'http://lumiere.localhost:5173/auth/return',
      'http://evil.example/lakeside.localhost',
      'javascript://lakeside.localhost/%0aalert(1)',
    ]) {
      const answer = await createBrowser().request(rp.authorizationUrl({ redirect_uri: redirectUri }));
      expect(answer.status).toBe(400);
      expect(answer.location).toBeNull();
      expect(answer.text).toContain('<code dir="ltr">invalid_redirect_uri</code>');
    }
    // Any port of the network's domains is one of the shop's.
    const other = await createBrowser().request(
      rp.authorizationUrl({ redirect_uri: 'https://shop.lakeside-transit.example:8443/en/auth/return' }),
    );
    expect(other.status).toBe(303);
  });

  it('requires PKCE', async () => {
    const rp = await lakesideRp();
    const url = rp.authorizationUrl();
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const answer = await createBrowser().request(url);
    const back = new URL(answer.location as string);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a wrong client secret at the token endpoint', async () => {
    const rp = await lakesideRp();
    const callback = await signIn(createBrowser(), rp, {
      username: 'alex.keller',
      password: 'lakeside-demo',
    });
    const wrong = await client.discovery(
      new URL(sandbox.issuerUrl(LAKESIDE)),
      'lakeside-eshop',
      'not-the-secret',
      client.ClientSecretBasic(),
      { execute: [client.allowInsecureRequests] },
    );
    await expect(
      client.authorizationCodeGrant(wrong, new URL(callback), {
        expectedState: rp.state,
        pkceCodeVerifier: 'x'.repeat(43),
      }),
    ).rejects.toMatchObject({ status: 401 });
  });
});

describe('signing in at FranceConnect', () => {
  it('gives a verified ID token with the pivot identity, each scope its claim', async () => {
    const rp = await relyingParty({
      issuerUrl: sandbox.issuerUrl(FRANCECONNECT),
      client: sandbox.clientOf(FRANCECONNECT, 'lumiere'),
      auth: 'post',
    });
    const callback = await signIn(
      createBrowser(),
      rp,
      { username: 'jeanne.dupont', password: 'franceconnect-demo' },
      { scope: PIVOT_SCOPES, acr_values: 'eidas1' },
    );
    const tokens = await rp.exchange(callback);
    expect(tokens.claims()).toMatchObject({
      iss: sandbox.issuerUrl(FRANCECONNECT),
      aud: 'lumiere-eshop-fc',
      acr: 'eidas1',
      given_name: 'Jeanne Marie',
      family_name: 'Dupont',
      birthdate: '1990-03-14',
      gender: 'female',
      birthplace: '75107',
      birthcountry: '99100',
      email: 'jeanne.dupont@franceconnect.example',
    });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const some = await relyingParty({
      issuerUrl: sandbox.issuerUrl(FRANCECONNECT),
      client: sandbox.clientOf(FRANCECONNECT, 'lumiere'),
    });
    const narrow = await some.exchange(
      await signIn(
        createBrowser(),
        some,
        { username: 'jeanne.dupont', password: 'franceconnect-demo' },
        { scope: 'openid birthdate' },
      ),
    );
    expect(narrow.claims()).toHaveProperty('birthdate', '1990-03-14');
    expect(narrow.claims()).not.toHaveProperty('given_name');
  });
});
