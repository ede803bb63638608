import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { describe, expect, it } from 'vitest';
import {
  decodeHeader,
  koOf,
  linkIn,
  NEW_PASSWORD,
  nextMail,
  okOf,
  PASSWORD,
  partsOf,
  registerAndLogin,
  uniqueEmail,
  useSmtpCapture,
} from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { issueOneTimeCode } from './one-time-codes.ts';
import { RESET_PASSWORD_LIMIT } from './reset-password.ts';

// The limit's window is counted in the database from Date, which follows the fake clock here.
const testApp = useTestApp({ fakeDate: true });
const smtp = useSmtpCapture(testApp);

const resetPassword = (email: string, extra: Record<string, unknown> = {}) =>
  testApp.current.call(ACCOUNT_CALLS.resetPassword, { email, networkId: LUMIERE_ID, ...extra });
const useCode = (payload: Record<string, unknown>) =>
  testApp.current.call(ACCOUNT_CALLS.applyActionCode, payload);
const signIn = (email: string, password: string) =>
  testApp.current.call(IDENTITY_CALLS.signInWithPassword, { email, password, networkId: LUMIERE_ID });

describe('Account/resetPassword', () => {
  it('AUTH-06 emails a link to the new-password page whose code sets a new password (Actions/useCode)', async () => {
    const { email, user } = await registerAndLogin(testApp.current, { firstName: 'Léa', lastName: 'Martin' });
    const seen = smtp.current.messages.length;
    expect(await okOf(await resetPassword(email))).toEqual({});

    const mail = await nextMail(smtp.current, seen);
    expect(mail.envelope.to).toEqual([email]);
    expect(decodeHeader(mail.headers.subject)).toBe(
      'Lumière Mobilités\u202f: réinitialisez votre mot de passe',
    );
    const { text, html } = partsOf(mail);
    expect(text).toContain('Bonjour Léa,');
    expect(html).toContain('<html lang="fr" dir="ltr">');
    const { url, code } = linkIn(mail, '/auth/reset');
    // French is unprefixed; Lumière's first domain is a development one, so http.
    expect(`${url.origin}${url.pathname}`).toBe('http://lumiere.localhost/auth/reset');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect(
      await okOf(await useCode({ code, action: 'LEGACY_PASSWORD_CHANGE', newPassword: NEW_PASSWORD })),
    ).toEqual({
      action: 'LEGACY_PASSWORD_CHANGE',
    });
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await koOf(await signIn(email, PASSWORD))).code).toBe('INVALID_CREDENTIALS');
    // Every device was signed out; the link works once.
    const getUser = await testApp.current.call(ACCOUNT_CALLS.getUser, {
      userToken: user.userToken,
      userId: user.userId,
      networkId: LUMIERE_ID,
    });
    expect((await koOf(getUser)).code).toBe('SESSION_EXPIRED');
    expect(
      await koOf(await useCode({ code, action: 'LEGACY_PASSWORD_CHANGE', newPassword: PASSWORD })),
    ).toMatchObject({
      status: 400,
      code: 'ACTION_CODE_INVALID',
    });
  });

  it('AUTH-06 writes in the language of the page that asked, under its prefix', async () => {
    const { email } = await registerAndLogin(testApp.current, { firstName: 'Grace', lastName: 'Hopper' });
    const seen = smtp.current.messages.length;
    await okOf(await resetPassword(email, { locale: 'en' }));
    const mail = await nextMail(smtp.current, seen);
    expect(decodeHeader(mail.headers.subject)).toBe('Lumière Mobilités: reset your password');
    expect(partsOf(mail).text).toContain('Hello Grace,');
    expect(linkIn(mail, '/auth/reset').url.pathname).toBe('/en/auth/reset');
  });

  it("AUTH-06 API-08 an unknown email answers USER_NOT_FOUND 'user not found' and sends nothing", async () => {
    const seen = smtp.current.messages.length;
    expect(await koOf(await resetPassword(uniqueEmail('nobody')))).toEqual({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'user not found',
    });
    expect(smtp.current.messages.length).toBe(seen);
  });

  it('limits requests per email and network, known or not, with RATE_LIMITED and when to retry', async () => {
    const { email } = await registerAndLogin(testApp.current);
    const { clock } = testApp.current;
    for (let request = 0; request < RESET_PASSWORD_LIMIT.maxHits; request += 1) {
      expect((await resetPassword(email.toUpperCase())).status).toBe(200);
      clock.advanceMinutes(10);
    }
    expect(await koOf(await resetPassword(email))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 30 * 60 },
    });
    // Another network counts apart.
    const lakeside = await testApp.current.call(ACCOUNT_CALLS.resetPassword, { email, networkId: 103 });
    expect(lakeside.status).toBe(200);
    // Unknown emails are counted the same, so the limit tells nothing about accounts.
    const nobody = uniqueEmail('nobody');
    for (let request = 0; request < RESET_PASSWORD_LIMIT.maxHits; request += 1) {
      expect((await koOf(await resetPassword(nobody))).code).toBe('USER_NOT_FOUND');
    }
    expect((await koOf(await resetPassword(nobody))).code).toBe('RATE_LIMITED');

    clock.advanceMinutes(30);
    expect((await resetPassword(email)).status).toBe(200);
  });

  it('AUTH-08 a password set with the emailed link ends the lock of the sign-in', async () => {
    const { email } = await registerAndLogin(testApp.current);
    for (let attempt = 0; attempt < 5; attempt += 1) await signIn(email, 'Not-the-password-1');
    expect((await koOf(await signIn(email, PASSWORD))).code).toBe('ACCOUNT_LOCKED');
    const seen = smtp.current.messages.length;
    await okOf(await resetPassword(email));
    const { code } = linkIn(await nextMail(smtp.current, seen), '/auth/reset');
    await okOf(await useCode({ code, action: 'LEGACY_PASSWORD_CHANGE', newPassword: NEW_PASSWORD }));
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('Actions/useCode', () => {
  it('answers ACTION_CODE_EXPIRED for a reset link past its hour, and ACTION_CODE_INVALID for an unknown one', async () => {
    const { email } = await registerAndLogin(testApp.current);
    const seen = smtp.current.messages.length;
    await okOf(await resetPassword(email));
    const { code } = linkIn(await nextMail(smtp.current, seen), '/auth/reset');
    testApp.current.clock.advanceMinutes(61);
    expect(
      await koOf(await useCode({ code, action: 'LEGACY_PASSWORD_CHANGE', newPassword: NEW_PASSWORD })),
    ).toEqual({
      status: 410,
      code: 'ACTION_CODE_EXPIRED',
      message: 'The action code has expired',
    });
    expect(
      (
        await koOf(
          await useCode({ code: 'made-up', action: 'LEGACY_PASSWORD_CHANGE', newPassword: NEW_PASSWORD }),
        )
      ).code,
    ).toBe('ACTION_CODE_INVALID');
  });

  it('refuses a code used for another action than its own', async () => {
    const { email } = await registerAndLogin(testApp.current);
    const seen = smtp.current.messages.length;
    await okOf(await resetPassword(email));
    const { code } = linkIn(await nextMail(smtp.current, seen), '/auth/reset');
    expect((await koOf(await useCode({ code, action: 'LEGACY_ACCOUNT_ANONYMIZATION' }))).code).toBe(
      'ACTION_CODE_INVALID',
    );
    expect((await koOf(await useCode({ code, action: 'LEGACY_EMAIL_VERIFICATION' }))).code).toBe(
      'ACTION_CODE_INVALID',
    );
  });

  it('refuses a new password that breaks the rules, or one given to an action that takes none', async () => {
    expect(
      await koOf(await useCode({ code: 'x', action: 'LEGACY_PASSWORD_CHANGE', newPassword: 'short' })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    });
    expect(
      await koOf(
        await useCode({ code: 'x', action: 'LEGACY_EMAIL_VERIFICATION', newPassword: NEW_PASSWORD }),
      ),
    ).toMatchObject({ code: 'INVALID_REQUEST', details: { issues: [{ path: 'newPassword' }] } });
  });

  it('LEGACY_ACCOUNT_ANONYMIZATION erases the account at once', async () => {
    const { email, user } = await registerAndLogin(testApp.current);
    const { deps, clock } = testApp.current;
    const code = await issueOneTimeCode({
      db: deps.db,
      clock,
      userId: user.userId,
      networkId: LUMIERE_ID,
      purpose: 'LEGACY_ACCOUNT_ANONYMIZATION',
    });
    expect(await okOf(await useCode({ code, action: 'LEGACY_ACCOUNT_ANONYMIZATION' }))).toEqual({
      action: 'LEGACY_ACCOUNT_ANONYMIZATION',
    });
    expect((await koOf(await signIn(email, PASSWORD))).code).toBe('INVALID_CREDENTIALS');
    // The code outlives the account: it says the account is gone.
    expect(await koOf(await useCode({ code, action: 'LEGACY_ACCOUNT_ANONYMIZATION' }))).toMatchObject({
      status: 410,
      code: 'ACCOUNT_DELETED',
    });
  });
});

describe('Account/login.json after a reset', () => {
  it('AUTH-01 signs in with the new password', async () => {
    const { email } = await registerAndLogin(testApp.current);
    const seen = smtp.current.messages.length;
    await okOf(await resetPassword(email));
    const { code } = linkIn(await nextMail(smtp.current, seen), '/auth/reset');
    await okOf(await useCode({ code, action: 'LEGACY_PASSWORD_CHANGE', newPassword: NEW_PASSWORD }));
    const identity = await okOf<{ idToken: string }>(await signIn(email, NEW_PASSWORD));
    const { user } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.login, {
        firebase_token: identity.idToken,
        network_id: LUMIERE_ID,
      }),
    );
    expect(user.userMail).toBe(email);
  });
});
