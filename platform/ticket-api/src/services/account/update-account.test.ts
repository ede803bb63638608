import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { VALIDATION_MESSAGES, VALIDATION_SPEC_TEXTS } from '@transit-shop/sdk/validation/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityAccounts } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import {
  decodeHeader,
  guestLogin,
  koOf,
  linkIn,
  NEW_PASSWORD,
  nextMail,
  okOf,
  PASSWORD,
  registerAndLogin,
  signInIdentity,
  uniqueEmail,
  useSmtpCapture,
} from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { updateAccount } from './update-account.ts';

const testApp = useTestApp();
const smtp = useSmtpCapture(testApp);

const update = (user: { userToken: string; userId: number }, changes: Record<string, unknown>) =>
  testApp.current.call(ACCOUNT_CALLS.updateAccount, {
    userToken: user.userToken,
    userId: user.userId,
    ...changes,
  });

const getUser = (user: { userToken: string; userId: number }, networkId = LUMIERE_ID) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, { userToken: user.userToken, userId: user.userId, networkId });

const signIn = (email: string, password: string) =>
  testApp.current.call(IDENTITY_CALLS.signInWithPassword, { email, password, networkId: LUMIERE_ID });

describe('Account/update.json: the profile', () => {
  it('ACC-02 saves names, birthday, phone, address, contact email, appearance, consent and locale', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const { user: updated } = await okOf<{ user: AuthUser }>(
      await update(user, {
        userName: 'Grace',
        userLastname: 'Hopper',
        userBirthday: '1990-12-09',
        userPhoneNumber: '+33 6 12 34 56 78',
        address: {
          addressRoute: '4 quai des Lumières',
          addressPostalCode: '69002',
          addressCity: 'Clairval',
          addressState: 'Auvergne-Rhône-Alpes',
        },
        contactEmail: 'grace.contact@example.org',
        appearance: 'DARK',
        dataSharingConsent: true,
        locale: 'es',
      }),
    );
    expect(updated).toMatchObject({
      userName: 'Grace',
      userLastname: 'Hopper',
      userBirthday: '1990-12-09',
      userPhoneNumber: '+33 6 12 34 56 78',
      address: {
        addressRoute: '4 quai des Lumières',
        addressPostalCode: '69002',
        addressCity: 'Clairval',
        addressState: 'Auvergne-Rhône-Alpes',
      },
      contactEmail: 'grace.contact@example.org',
      appearance: 'DARK',
      dataSharingConsent: true,
      locale: 'es',
      userToken: user.userToken,
    });
    expect((await okOf<{ user: AuthUser }>(await getUser(user))).user).toEqual(updated);

    // Null clears what may be cleared.
    const { user: cleared } = await okOf<{ user: AuthUser }>(
      await update(user, { userBirthday: null, userPhoneNumber: null, address: null, contactEmail: null }),
    );
    expect(cleared).toMatchObject({
      userBirthday: null,
      userPhoneNumber: null,
      address: null,
      contactEmail: null,
    });
    expect(cleared.userName).toBe('Grace');
  });

  it('VAL-01 VAL-05 refuses invalid fields with their message keys and changes nothing', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const error = await koOf(await update(user, { userName: 'Ada2', userPhoneNumber: 'call me' }));
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: {
        issues: [
          { path: 'userName', message: VALIDATION_MESSAGES.nameDigit },
          { path: 'userPhoneNumber', message: VALIDATION_MESSAGES.phone },
        ],
      },
    });
    expect(VALIDATION_SPEC_TEXTS[VALIDATION_MESSAGES.phone]).toBe('The phone number provided is incorrect');
    expect((await okOf<{ user: AuthUser }>(await getUser(user))).user.userName).toBe('Ada');
  });

  it('VAL-02 refuses a last name equal to the first name the account keeps', async () => {
    const { user } = await registerAndLogin(testApp.current, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(await koOf(await update(user, { userLastname: 'ADA' }))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'userLastname', message: VALIDATION_MESSAGES.lastNameSameAsFirstName }] },
    });
    expect(await koOf(await update(user, { userName: 'Lovélace' }))).toMatchObject({
      details: { issues: [{ path: 'userName', message: VALIDATION_MESSAGES.lastNameSameAsFirstName }] },
    });
  });

  it('refuses an unknown field with 400, never 500', async () => {
    const { user } = await registerAndLogin(testApp.current);
    expect(await koOf(await update(user, { userName: 'Grace', isAdmin: true }))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'isAdmin', message: VALIDATION_MESSAGES.unknownField }] },
    });
  });

  it('ACC-06 refuses changes during the withdrawal period with ACCOUNT_PENDING_DELETION', async () => {
    const { user, email, password } = await registerAndLogin(testApp.current);
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.requestDeletion, {
        userToken: user.userToken,
        userId: user.userId,
      }),
    );
    const identity = await signInIdentity(testApp.current, email, password);
    const { user: pending } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.login, {
        firebase_token: identity.idToken,
        network_id: LUMIERE_ID,
      }),
    );
    expect(await koOf(await update(pending, { userName: 'Grace' }))).toMatchObject({
      status: 409,
      code: 'ACCOUNT_PENDING_DELETION',
    });
  });
});

describe('Account/update.json: the sign-in email (ACC-03)', () => {
  it('changes the email of the account and of its identity with the password; the old email no longer signs in', async () => {
    const { user, email } = await registerAndLogin(testApp.current);
    const newEmail = uniqueEmail('moved');
    const { user: updated } = await okOf<{ user: AuthUser }>(
      await update(user, { email: newEmail, password: PASSWORD }),
    );
    expect(updated.userMail).toBe(newEmail);
    const [identity] = await testApp.current.deps.db
      .select({ email: identityAccounts.email })
      .from(identityAccounts)
      .where(eq(identityAccounts.userId, user.userId));
    expect(identity?.email).toBe(newEmail);
    expect((await signIn(newEmail, PASSWORD)).status).toBe(200);
    expect((await koOf(await signIn(email, PASSWORD))).code).toBe('INVALID_CREDENTIALS');
  });

  it('ACC-03 a wrong password answers update_email_error_password and changes nothing', async () => {
    const { user, email } = await registerAndLogin(testApp.current);
    expect(await koOf(await update(user, { email: uniqueEmail(), password: 'Not-the-password-1' }))).toEqual({
      status: 403,
      code: 'update_email_error_password',
      message: 'The password is wrong',
    });
    expect((await okOf<{ user: AuthUser }>(await getUser(user))).user.userMail).toBe(email);
  });

  it('ACC-03 AUTH-08 wrong passwords count towards the sign-in lockout', async () => {
    const { user, email } = await registerAndLogin(testApp.current);
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect((await koOf(await update(user, { email: uniqueEmail(), password: 'Wrong-1' }))).code).toBe(
        'update_email_error_password',
      );
    }
    expect((await koOf(await update(user, { email: uniqueEmail(), password: 'Wrong-1' }))).code).toBe(
      'ACCOUNT_LOCKED',
    );
    expect((await koOf(await signIn(email, PASSWORD))).code).toBe('ACCOUNT_LOCKED');
  });

  it('ACC-03 AUTH-09 an email held by another account answers update_email_error_email_exists (EMAIL_EXISTS)', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const { email: taken } = await registerAndLogin(testApp.current);
    expect(await koOf(await update(user, { email: taken.toUpperCase(), password: PASSWORD }))).toMatchObject({
      status: 409,
      code: 'update_email_error_email_exists',
      message: 'EMAIL_EXISTS: the email belongs to another account',
    });
    // An account signed up through a provider holds its email without an identity of ours.
    const providerEmail = uniqueEmail('provider');
    const { clock, deps } = testApp.current;
    await deps.db
      .insert(users)
      .values({ email: providerEmail, locale: 'fr', createdAt: clock.now(), updatedAt: clock.now() });
    expect((await koOf(await update(user, { email: providerEmail, password: PASSWORD }))).code).toBe(
      'update_email_error_email_exists',
    );
  });

  it('VAL-03 the current email answers SAME_EMAIL, whatever its case', async () => {
    const { user, email } = await registerAndLogin(testApp.current);
    expect(
      await koOf(await update(user, { email: ` ${email.toUpperCase()} `, password: PASSWORD })),
    ).toMatchObject({
      status: 400,
      code: 'SAME_EMAIL',
    });
  });

  it('ACC-03 an account without a password of ours answers update_email_error_other', async () => {
    const { user } = await okOf<{ user: AuthUser }>(await guestLogin(testApp.current));
    expect(await koOf(await update(user, { email: uniqueEmail(), password: PASSWORD }))).toEqual({
      status: 400,
      code: 'update_email_error_other',
      message: 'The email could not be updated',
    });
  });

  it('AUTH-11 a new email leaves the account unverified and is sent a verification link that works', async () => {
    const { user } = await registerAndLogin(testApp.current, { networkId: WAHAT_ID, locale: 'en' });
    const { db } = testApp.current.deps;
    await db.update(users).set({ verifiedAt: testApp.current.clock.now() }).where(eq(users.id, user.userId));
    testApp.current.clock.advanceMinutes(5);
    const seen = smtp.current.messages.length;
    const newEmail = uniqueEmail('moved');
    const { user: updated } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(
        ACCOUNT_CALLS.updateAccount,
        {
          userToken: user.userToken,
          userId: user.userId,
          email: newEmail,
          password: PASSWORD,
        },
        { networkId: WAHAT_ID },
      ),
    );
    expect(updated.verifiedAt).toBeNull();

    const mail = await nextMail(smtp.current, seen);
    expect(mail.envelope.to).toEqual([newEmail]);
    expect(decodeHeader(mail.headers.subject)).toBe('Wahat Metro: confirm your email address');
    const { url, code } = linkIn(mail, '/verify-account');
    expect(url.origin).toBe('http://wahat.localhost');
    const { verifiedAt } = await okOf<{ verifiedAt: string }>(
      await testApp.current.call(ACCOUNT_CALLS.verifyAccount, { code }, { networkId: WAHAT_ID }),
    );
    expect(verifiedAt).toBe(testApp.current.clock.now().toISOString());
  });
});

describe('Account/update.json: the password (VAL-04)', () => {
  it('VAL-04 changes the password with the current one and signs every other device out', async () => {
    const { user, email, password } = await registerAndLogin(testApp.current);
    const identity = await signInIdentity(testApp.current, email, password);
    const { user: otherDevice } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.login, {
        firebase_token: identity.idToken,
        network_id: LUMIERE_ID,
      }),
    );

    await okOf(await update(user, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }));
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
    expect((await koOf(await signIn(email, PASSWORD))).code).toBe('INVALID_CREDENTIALS');
    // This device stays signed in; the other one is not.
    expect((await getUser(user)).status).toBe(200);
    expect((await koOf(await getUser(otherDevice))).code).toBe('SESSION_EXPIRED');
    // The identity's refresh tokens are revoked with it.
    const refreshed = await testApp.current.call(IDENTITY_CALLS.token, {
      grant_type: 'refresh_token',
      refresh_token: identity.refreshToken,
    });
    expect((await koOf(refreshed)).code).toBe('TOKEN_INVALID');
  });

  it('VAL-04 a wrong current password answers WRONG_PASSWORD', async () => {
    const { user } = await registerAndLogin(testApp.current);
    expect(
      await koOf(await update(user, { currentPassword: 'Wrong-password-1', newPassword: NEW_PASSWORD })),
    ).toEqual({
      status: 403,
      code: 'WRONG_PASSWORD',
      message: 'The current password is wrong',
    });
  });

  it('VAL-04 refuses a new password that breaks the rules or equals the current one', async () => {
    const { user } = await registerAndLogin(testApp.current);
    expect(await koOf(await update(user, { currentPassword: PASSWORD, newPassword: 'short' }))).toMatchObject(
      {
        status: 400,
        code: 'INVALID_REQUEST',
      },
    );
    expect(
      await koOf(await update(user, { currentPassword: PASSWORD, newPassword: PASSWORD })),
    ).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'newPassword', message: VALIDATION_MESSAGES.passwordSameAsCurrent }] },
    });
  });

  it('VAL-04 the service itself answers SAME_PASSWORD to a caller that skipped the contract', async () => {
    const { user } = await registerAndLogin(testApp.current);
    const { deps, clock } = testApp.current;
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.userId));
    const network = deps.networks.byId(LUMIERE_ID);
    if (!row || !network) throw new Error('missing fixture');
    await expect(
      updateAccount({
        db: deps.db,
        clock,
        mailer: deps.mailer,
        logger: deps.logger,
        network,
        user: row,
        session: { id: '00000000-0000-4000-8000-000000000000' } as never,
        networks: deps.networks.all(),
        changes: { currentPassword: PASSWORD, newPassword: PASSWORD },
        client: { address: '127.0.0.1', deviceToken: undefined },
      }),
    ).rejects.toMatchObject({ code: 'SAME_PASSWORD', message: 'The new password is the current password' });
  });
});
