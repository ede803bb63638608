import { DELETION_WITHDRAWAL_DAYS } from '@transit-shop/sdk/constants';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS } from '@transit-shop/sdk/contract/identity';
import { MEDIA_CALLS } from '@transit-shop/sdk/contract/media';
import { IDENTITY_SANDBOX_PLACEHOLDER } from '@transit-shop/tenancy';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../clock.ts';
import { identities, identityAccounts, refreshTokens } from '../../db/schema/identity.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { users } from '../../db/schema/users.ts';
import {
  decodeHeader,
  guestLogin,
  koOf,
  linkIn,
  loginWith,
  nextMail,
  okOf,
  PASSWORD,
  partsOf,
  type Registered,
  registerAndLogin,
  signInIdentity,
  useSmtpCapture,
} from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { accountStorageOf } from './account-storage.ts';
import { anonymiseDueAccounts } from './anonymise-account.ts';
import { hasActiveTacitSubscription } from './has-active-tacit-subscription.ts';

const testApp = useTestApp();
const smtp = useSmtpCapture(testApp);

/** A one-pixel PNG, whole: pictures are decoded and re-encoded before they are kept. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const requestDeletion = (user: { userToken: string; userId: number }) =>
  testApp.current.call(ACCOUNT_CALLS.requestDeletion, { userToken: user.userToken, userId: user.userId });
const reactivate = (user: { userToken: string; userId: number }) =>
  testApp.current.call(ACCOUNT_CALLS.reactivateAccount, { userToken: user.userToken, userId: user.userId });
const getUser = (user: { userToken: string; userId: number }) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, {
    userToken: user.userToken,
    userId: user.userId,
    networkId: LUMIERE_ID,
  });

/** The deletion job as the scheduler runs it, at the fake clock's time. */
function runDeletionJob() {
  const { deps, clock } = testApp.current;
  return anonymiseDueAccounts({ db: deps.db, clock, storage: accountStorageOf(deps), logger: deps.logger });
}

/** Signs in again during the withdrawal period (the request ended every session). */
async function signInAgain(registered: Registered): Promise<AuthUser> {
  const identity = await signInIdentity(testApp.current, registered.email, registered.password);
  return (await okOf<{ user: AuthUser }>(await loginWith(testApp.current, identity.idToken))).user;
}

async function userRow(id: number) {
  const [row] = await testApp.current.deps.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('Account/requestDeletion', () => {
  it('ACC-06 starts the 30-day withdrawal period, logs every device out and emails a confirmation', async () => {
    const registered = await registerAndLogin(testApp.current, {
      firstName: 'Léa',
      lastName: 'Martin',
      locale: 'es',
    });
    const { user } = registered;
    const secondDevice = await signInAgain(registered);
    const { clock } = testApp.current;
    const seen = smtp.current.messages.length;

    const answer = await okOf<{ deletionRequestedAt: string; deletionEffectiveAt: string }>(
      await requestDeletion(user),
    );
    expect(answer).toEqual({
      deletionRequestedAt: clock.now().toISOString(),
      deletionEffectiveAt: addDays(clock.now(), DELETION_WITHDRAWAL_DAYS).toISOString(),
    });
    expect(await userRow(user.userId)).toMatchObject({
      status: 'PENDING_DELETION',
      deletionRequestedAt: clock.now(),
    });
    for (const device of [user, secondDevice]) {
      expect((await koOf(await getUser(device))).code).toBe('SESSION_EXPIRED');
    }

    const mail = await nextMail(smtp.current, seen);
    expect(mail.envelope.to).toEqual([registered.email]);
    // 23 November 2026 + 30 days, in the network's time zone and the traveller's language.
    expect(decodeHeader(mail.headers.subject)).toBe(
      'Lumière Mobilités: tu cuenta se eliminará el 23 de diciembre de 2026',
    );
    const { text } = partsOf(mail);
    expect(text).toContain('Hola, Léa:');
    expect(linkIn(mail, '/auth/login').url.toString()).toBe('http://lumiere.localhost/es/auth/login');
  });

  it('ACC-06 writes to the contact email when the account has one', async () => {
    const { user } = await registerAndLogin(testApp.current);
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.updateAccount, {
        userToken: user.userToken,
        userId: user.userId,
        contactEmail: 'post@example.org',
      }),
    );
    const seen = smtp.current.messages.length;
    await okOf(await requestDeletion(user));
    expect((await nextMail(smtp.current, seen)).envelope.to).toEqual(['post@example.org']);
  });

  it('with no tacit subscription stored, hasActiveTacitSubscription answers false and the deletion goes through', async () => {
    const { user } = await registerAndLogin(testApp.current);
    // Subscriptions are not stored yet: no account has one, and the request goes through. The
    // question is asked on the way (request-deletion.ts); DELETION_BLOCKED_BY_SUBSCRIPTION answers
    // it once subscriptions exist.
    expect(await hasActiveTacitSubscription(testApp.current.deps.db, user.userId)).toBe(false);
    expect((await requestDeletion(user)).status).toBe(200);
  });

  it('refuses a guest, a traveller signed in as a profile, and a second request', async () => {
    const { user: guest } = await okOf<{ user: AuthUser }>(await guestLogin(testApp.current));
    expect((await koOf(await requestDeletion(guest))).code).toBe('GUEST_NOT_ALLOWED');

    const registered = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await testApp.current.call(ACCOUNT_CALLS.createProfile, {
        userToken: registered.user.userToken,
        userId: registered.user.userId,
        userName: 'Noé',
        userLastname: 'Martin',
      }),
    );
    const { user: asProfile } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, registered.identity.idToken, { user_id: profile.userId }),
    );
    expect((await koOf(await requestDeletion(asProfile))).code).toBe('FORBIDDEN');

    await okOf(await requestDeletion(registered.user));
    const pending = await signInAgain(registered);
    expect(await koOf(await requestDeletion(pending))).toMatchObject({
      status: 409,
      code: 'ACCOUNT_PENDING_DELETION',
    });
  });
});

describe('Account/reactivate', () => {
  it('ACC-07 cancels the pending deletion, emails it, and the deletion job then leaves the account alone', async () => {
    const registered = await registerAndLogin(testApp.current, {
      locale: 'it',
      firstName: 'Giulia',
      lastName: 'Rossi',
    });
    await okOf(await requestDeletion(registered.user));
    const { clock } = testApp.current;
    clock.advanceMinutes(60 * 24 * 10);
    const pending = await signInAgain(registered);
    expect(pending.userStatus).toBe('PENDING_DELETION');

    const seen = smtp.current.messages.length;
    const { user: active } = await okOf<{ user: AuthUser }>(await reactivate(pending));
    expect(active).toMatchObject({
      userStatus: 'ACTIVE',
      deletionRequestedAt: null,
      userId: registered.user.userId,
    });
    const mail = await nextMail(smtp.current, seen);
    expect(decodeHeader(mail.headers.subject)).toBe('Lumière Mobilités: il tuo account è di nuovo attivo');
    expect(partsOf(mail).text).toContain('Buongiorno Giulia,');

    clock.advanceMinutes(60 * 24 * 25);
    await runDeletionJob();
    expect((await userRow(registered.user.userId))?.status).toBe('ACTIVE');
    const later = await signInAgain(registered);
    expect(later).toMatchObject({ userStatus: 'ACTIVE', userName: 'Giulia' });
    // Reactivating an active account changes nothing and sends nothing.
    const after = smtp.current.messages.length;
    expect((await okOf<{ user: AuthUser }>(await reactivate(later))).user.userStatus).toBe('ACTIVE');
    expect(smtp.current.messages.length).toBe(after);
  });
});

describe('the deletion job', () => {
  it('ACC-07 unlinks the erased account’s transport cards', async () => {
    const registered = await registerAndLogin(testApp.current);
    const { user } = registered;
    const { clock, deps } = testApp.current;
    const card = { number: '2501000000000001', birthDate: '1967-02-04' };
    const { media } = await okOf<{ media: { id: number } }>(
      await testApp.current.call(MEDIA_CALLS.registerMedia, {
        userToken: user.userToken,
        userId: user.userId,
        networkId: LUMIERE_ID,
        mediaNumber: card.number,
        mediaCustomerBirthDate: card.birthDate,
      }),
    );
    await okOf(await requestDeletion(user));
    clock.advanceMinutes(60 * 24 * DELETION_WITHDRAWAL_DAYS);
    expect(await runDeletionJob()).toBe(1);
    const [link] = await deps.db.select().from(mediaLinks).where(eq(mediaLinks.id, media.id));
    expect(link?.removedAt).toEqual(clock.now());
  });

  it('ACC-07 erases the account 30 days after the request, with its profiles, picture, identity and sessions', async () => {
    const registered = await registerAndLogin(testApp.current, { firstName: 'Léa', lastName: 'Martin' });
    const { user, email } = registered;
    const { clock, deps } = testApp.current;
    const { db } = deps;
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.updateAccount, {
        userToken: user.userToken,
        userId: user.userId,
        userBirthday: '1990-01-02',
        userPhoneNumber: '0612345678',
        address: {
          addressRoute: '1 rue',
          addressPostalCode: '69001',
          addressCity: 'Clairval',
          addressState: 'ARA',
        },
        contactEmail: 'lea.post@example.org',
      }),
    );
    const { user: withPicture } = await okOf<{ user: AuthUser }>(
      await testApp.current.call(ACCOUNT_CALLS.uploadPicture, {
        userToken: user.userToken,
        user_id: user.userId,
        media: new Blob([PNG]),
      }),
    );
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await testApp.current.call(ACCOUNT_CALLS.createProfile, {
        userToken: user.userToken,
        userId: user.userId,
        userName: 'Noé',
        userLastname: 'Martin',
        userBirthday: '2015-04-02',
        cardNumber: '0042',
      }),
    );
    await db.insert(identities).values({
      userId: user.userId,
      providerId: 2,
      issuer: `${IDENTITY_SANDBOX_PLACEHOLDER}/franceconnect`,
      subject: 'fc-123',
      createdAt: clock.now(),
    });
    await okOf(await requestDeletion(user));
    const pending = await signInAgain(registered);

    clock.advanceMinutes(60 * 24 * DELETION_WITHDRAWAL_DAYS - 1);
    expect(await runDeletionJob()).toBe(0);
    expect((await userRow(user.userId))?.status).toBe('PENDING_DELETION');

    clock.advanceMinutes(1);
    expect(await runDeletionJob()).toBe(1);
    const [holder, child] = [await userRow(user.userId), await userRow(profile.userId)];
    for (const row of [holder, child]) {
      expect(row).toMatchObject({
        status: 'ANONYMISED',
        email: null,
        firstName: null,
        lastName: null,
        birthday: null,
        phoneNumber: null,
        addressRoute: null,
        addressPostalCode: null,
        addressCity: null,
        addressState: null,
        contactEmail: null,
        picturePath: null,
        cardNumber: null,
        active: false,
      });
    }
    expect(holder?.customerNumber).toBe(user.customerNumber);
    const [identity] = await db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.userId, user.userId));
    expect(identity).toMatchObject({ email: null, passwordHash: null });
    expect(
      await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.identityAccountId, identity?.id ?? '')),
    ).toEqual([]);
    expect(await db.select().from(identities).where(eq(identities.userId, user.userId))).toEqual([]);
    expect(
      await db
        .select()
        .from(sessions)
        .where(inArray(sessions.userId, [user.userId, profile.userId])),
    ).toEqual([]);
    const pictureKey = `pictures/${withPicture.userPictureUrl?.split('/').pop()}`;
    expect(await db.select().from(storedFiles).where(eq(storedFiles.key, pictureKey))).toEqual([]);

    // Nothing signs in any more; the email is free for a new account.
    const signIn = await testApp.current.call(IDENTITY_CALLS.signInWithPassword, {
      email,
      password: PASSWORD,
      networkId: LUMIERE_ID,
    });
    expect((await koOf(signIn)).code).toBe('INVALID_CREDENTIALS');
    expect((await koOf(await getUser(pending))).code).toBe('TOKEN_INVALID');
    const again = await registerAndLogin(testApp.current, { email });
    expect(again.user.userId).not.toBe(user.userId);

    // Run again: nothing left to do.
    expect(await runDeletionJob()).toBe(0);
  });
});
