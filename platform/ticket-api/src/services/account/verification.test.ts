import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { isAccountVerified } from '@transit-shop/sdk/validation/account-rules';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addSeconds } from '../../clock.ts';
import { users } from '../../db/schema/users.ts';
import {
  decodeHeader,
  koOf,
  linkIn,
  nextMail,
  okOf,
  PASSWORD,
  partsOf,
  type Registered,
  registerAndLogin,
  uniqueEmail,
  useSmtpCapture,
} from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { VERIFICATION_WAIT_SECONDS } from './verification-link.ts';

const testApp = useTestApp();
const smtp = useSmtpCapture(testApp);

const wahatProviders = () =>
  testApp.current.deps.networks.byId(WAHAT_ID)?.network.config.authenticationProviders ?? [];

/** Wahat has no default provider: its accounts are verified by the emailed link (AUTH-12). */
async function registerOnWahat(options: { locale?: string; firstName?: string; lastName?: string } = {}) {
  const seen = smtp.current.messages.length;
  const registered = await registerAndLogin(testApp.current, { networkId: WAHAT_ID, ...options });
  const mail = await nextMail(smtp.current, seen);
  return { registered, mail };
}

const sendAgain = (user: Registered['user']) =>
  testApp.current.call(ACCOUNT_CALLS.sendVerificationEmail, {
    userToken: user.userToken,
    userId: user.userId,
    networkId: WAHAT_ID,
  });
const verify = (code: string) =>
  testApp.current.call(ACCOUNT_CALLS.verifyAccount, { code }, { networkId: WAHAT_ID });
const getUser = (user: Registered['user']) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, {
    userToken: user.userToken,
    userId: user.userId,
    networkId: WAHAT_ID,
  });

describe('the verification link (AUTH-11)', () => {
  it('AUTH-11 the first sign-in of a new account sends the link; its code verifies the account', async () => {
    const { registered, mail } = await registerOnWahat({
      locale: 'fr',
      firstName: 'Yasmine',
      lastName: 'Benali',
    });
    const { user, email } = registered;
    expect(isAccountVerified(user, wahatProviders())).toBe(false);
    expect(mail.envelope.to).toEqual([email]);
    expect(decodeHeader(mail.headers.subject)).toBe('Wahat Metro\u202f: confirmez votre adresse e-mail');
    const { url, code } = linkIn(mail, '/verify-account');
    // French on Wahat, whose default language is Arabic, lives under /fr (decision 0023).
    expect(`${url.origin}${url.pathname}`).toBe('http://wahat.localhost/fr/verify-account');

    const { verifiedAt } = await okOf<{ verifiedAt: string }>(await verify(code));
    expect(verifiedAt).toBe(testApp.current.clock.now().toISOString());
    const { user: verified } = await okOf<{ user: AuthUser }>(await getUser(user));
    expect(verified.verifiedAt).toBe(verifiedAt);
    expect(isAccountVerified(verified, wahatProviders())).toBe(true);

    // The link opened again, and a request for another one, say it is done.
    expect(await koOf(await verify(code))).toMatchObject({ status: 409, code: 'ALREADY_VERIFIED' });
    expect((await koOf(await sendAgain(user))).code).toBe('ALREADY_VERIFIED');
  });

  it('AUTH-11 I18N-04 is written in Arabic, right to left, branded with the network', async () => {
    const { mail } = await registerOnWahat({ locale: 'ar', firstName: 'Yasmine', lastName: 'Benali' });
    expect(decodeHeader(mail.headers.subject)).toBe('Wahat Metro: تأكيد عنوان بريدك الإلكتروني');
    const { text, html } = partsOf(mail);
    expect(text).toContain('مرحبًا Yasmine،');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('Wahat Metro');
    const primary = testApp.current.deps.networks.byId(WAHAT_ID)?.theme.colorSchemes.light.primary.main;
    expect(html).toContain(`background:${primary}`);
    expect(linkIn(mail, '/verify-account').url.pathname).toBe('/ar/verify-account');
  });

  it('AUTH-11 sends the link again after the wait, and VERIFICATION_WAIT with retryAfterSeconds before', async () => {
    const { registered } = await registerOnWahat({ locale: 'en' });
    const { clock } = testApp.current;
    clock.advance(20_000);
    expect(await koOf(await sendAgain(registered.user))).toMatchObject({
      status: 429,
      code: 'VERIFICATION_WAIT',
      details: { retryAfterSeconds: VERIFICATION_WAIT_SECONDS - 20 },
    });

    clock.advance(40_000);
    const seen = smtp.current.messages.length;
    const { nextRequestAt } = await okOf<{ nextRequestAt: string }>(await sendAgain(registered.user));
    expect(nextRequestAt).toBe(addSeconds(clock.now(), VERIFICATION_WAIT_SECONDS).toISOString());
    const mail = await nextMail(smtp.current, seen);
    expect(decodeHeader(mail.headers.subject)).toBe('Wahat Metro: confirm your email address');
    expect((await koOf(await sendAgain(registered.user))).code).toBe('VERIFICATION_WAIT');

    // Either link works; the account is verified once.
    await okOf(await verify(linkIn(mail, '/verify-account').code));
  });

  it('AUTH-11 refuses an unknown or expired code with VERIFICATION_CODE_INVALID', async () => {
    const { mail } = await registerOnWahat();
    expect(await koOf(await verify('made-up-code'))).toEqual({
      status: 400,
      code: 'VERIFICATION_CODE_INVALID',
      message: 'The verification code is invalid or expired',
    });
    testApp.current.clock.advanceMinutes(72 * 60 + 1);
    expect((await koOf(await verify(linkIn(mail, '/verify-account').code))).code).toBe(
      'VERIFICATION_CODE_INVALID',
    );
  });

  it('AUTH-11 a link sent to the previous address does not verify the new one', async () => {
    const { registered, mail } = await registerOnWahat();
    testApp.current.clock.advanceMinutes(2);
    await okOf(
      await testApp.current.call(
        ACCOUNT_CALLS.updateAccount,
        {
          userToken: registered.user.userToken,
          userId: registered.user.userId,
          email: uniqueEmail('moved'),
          password: PASSWORD,
        },
        { networkId: WAHAT_ID },
      ),
    );
    expect((await koOf(await verify(linkIn(mail, '/verify-account').code))).code).toBe(
      'VERIFICATION_CODE_INVALID',
    );
  });

  it('AUTH-11 Actions/useCode LEGACY_EMAIL_VERIFICATION verifies with the same code', async () => {
    const { registered, mail } = await registerOnWahat();
    const { code } = linkIn(mail, '/verify-account');
    expect(
      await okOf(
        await testApp.current.call(ACCOUNT_CALLS.applyActionCode, {
          code,
          action: 'LEGACY_EMAIL_VERIFICATION',
        }),
      ),
    ).toEqual({ action: 'LEGACY_EMAIL_VERIFICATION' });
    expect((await okOf<{ user: AuthUser }>(await getUser(registered.user))).user.verifiedAt).not.toBeNull();
  });

  it('AUTH-12 a network with a default provider counts its accounts verified: no link, ALREADY_VERIFIED', async () => {
    const seen = smtp.current.messages.length;
    const { user } = await registerAndLogin(testApp.current, { networkId: LUMIERE_ID });
    expect(user.verifiedAt).toBeNull();
    const providers =
      testApp.current.deps.networks.byId(LUMIERE_ID)?.network.config.authenticationProviders ?? [];
    expect(isAccountVerified(user, providers)).toBe(true);
    const again = await testApp.current.call(ACCOUNT_CALLS.sendVerificationEmail, {
      userToken: user.userToken,
      userId: user.userId,
      networkId: LUMIERE_ID,
    });
    expect(await koOf(again)).toMatchObject({ status: 409, code: 'ALREADY_VERIFIED' });
    expect(smtp.current.messages.length).toBe(seen);
  });

  it("API-08 an account without an email hears 'Usermail not given'", async () => {
    const { registered } = await registerOnWahat();
    await testApp.current.deps.db
      .update(users)
      .set({ email: null })
      .where(eq(users.id, registered.user.userId));
    testApp.current.clock.advanceMinutes(2);
    expect(await koOf(await sendAgain(registered.user))).toEqual({
      status: 400,
      code: 'USERMAIL_NOT_GIVEN',
      message: 'Usermail not given',
    });
  });
});
