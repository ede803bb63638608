import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { guestLogin, koOf, loginWith, okOf, registerAndLogin } from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';

const testApp = useTestApp();

const createProfile = (holder: { userToken: string; userId: number }, fields: Record<string, unknown>) =>
  testApp.current.call(ACCOUNT_CALLS.createProfile, {
    userToken: holder.userToken,
    userId: holder.userId,
    ...fields,
  });

const disableProfile = (holder: { userToken: string }, profileId: number) =>
  testApp.current.call(ACCOUNT_CALLS.disableProfile, { userToken: holder.userToken, userId: profileId });

const getUser = (user: { userToken: string; userId: number }) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, {
    userToken: user.userToken,
    userId: user.userId,
    networkId: LUMIERE_ID,
  });

describe('Account/createProfile.json', () => {
  it('ACC-05 adds an active traveller profile to the account and answers both', async () => {
    const { user: holder } = await registerAndLogin(testApp.current, { locale: 'it' });
    const answer = await okOf<{ user: AuthUser; profile: TravellerProfile }>(
      await createProfile(holder, {
        userName: 'Noé',
        userLastname: 'Martin',
        userBirthday: '2015-04-02',
        cardNumber: ' 0042 1234 ',
      }),
    );
    expect(answer.profile).toEqual({
      userId: expect.any(Number),
      userName: 'Noé',
      userLastname: 'Martin',
      userBirthday: '2015-04-02',
      cardNumber: '0042 1234',
      active: true,
      signInEmail: null,
    });
    expect(answer.user.profiles).toEqual([answer.profile]);
    expect(answer.user.userId).toBe(holder.userId);
    const [row] = await testApp.current.deps.db
      .select()
      .from(users)
      .where(eq(users.id, answer.profile.userId));
    expect(row).toMatchObject({ parentUserId: holder.userId, email: null, locale: 'it', status: 'ACTIVE' });
  });

  it('VAL-01 VAL-02 refuses names that break the rules', async () => {
    const { user: holder } = await registerAndLogin(testApp.current);
    expect(await koOf(await createProfile(holder, { userName: 'Noé', userLastname: 'noe' }))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'userLastname', message: VALIDATION_MESSAGES.lastNameSameAsFirstName }] },
    });
    expect(await koOf(await createProfile(holder, { userName: 'Noé' }))).toMatchObject({
      details: { issues: [{ path: 'userLastname', message: VALIDATION_MESSAGES.required }] },
    });
  });

  it('ACC-05 only the account holder adds profiles: not a guest, not a traveller signed in as a profile', async () => {
    const { user: guest } = await okOf<{ user: AuthUser }>(await guestLogin(testApp.current));
    expect(await koOf(await createProfile(guest, { userName: 'Noé', userLastname: 'Martin' }))).toMatchObject(
      {
        status: 403,
        code: 'GUEST_NOT_ALLOWED',
      },
    );

    const { identity, user: holder } = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await createProfile(holder, { userName: 'Noé', userLastname: 'Martin' }),
    );
    const { user: asProfile } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { user_id: profile.userId }),
    );
    expect(
      (await koOf(await createProfile(asProfile, { userName: 'Inès', userLastname: 'Martin' }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('Account/disableProfile', () => {
  it('ACC-05 deactivates a profile of the account, which stays listed as inactive and is signed out', async () => {
    const { identity, user: holder } = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await createProfile(holder, { userName: 'Noé', userLastname: 'Martin' }),
    );
    const { user: asProfile } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { user_id: profile.userId }),
    );

    const { user } = await okOf<{ user: AuthUser }>(await disableProfile(holder, profile.userId));
    expect(user.userId).toBe(holder.userId);
    expect(user.profiles).toEqual([{ ...profile, active: false }]);
    expect((await koOf(await getUser(asProfile))).code).toBe('SESSION_EXPIRED');
    expect(
      (await koOf(await loginWith(testApp.current, identity.idToken, { user_id: profile.userId }))).code,
    ).toBe('PROFILE_NOT_FOUND');
    // Again: nothing left to change, the same answer.
    expect(
      (await okOf<{ user: AuthUser }>(await disableProfile(holder, profile.userId))).user.profiles,
    ).toEqual([{ ...profile, active: false }]);
  });

  it("ACC-05 API-08 anyone but the owner hears 'The profile could not be disabled'", async () => {
    const { user: owner } = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await createProfile(owner, { userName: 'Noé', userLastname: 'Martin' }),
    );
    const { user: stranger } = await registerAndLogin(testApp.current);
    for (const [caller, profileId] of [
      [stranger, profile.userId],
      [owner, owner.userId],
      [owner, stranger.userId],
      [owner, 999_999],
    ] as const) {
      expect(await koOf(await disableProfile(caller, profileId))).toEqual({
        status: 409,
        code: 'PROFILE_NOT_DISABLED',
        message: 'The profile could not be disabled',
      });
    }
    expect((await okOf<{ user: AuthUser }>(await getUser(owner))).user.profiles[0]?.active).toBe(true);
  });

  it('refuses a profile id beyond the 32-bit ids the database holds as an invalid request, not a fault', async () => {
    const { user: owner } = await registerAndLogin(testApp.current);
    expect(await koOf(await disableProfile(owner, 2_147_483_648))).toEqual({
      status: 400,
      code: 'INVALID_REQUEST',
      message: 'The request is invalid',
      details: {
        issues: [
          { path: 'userId', message: VALIDATION_MESSAGES.invalid, params: { maximum: 2_147_483_647 } },
        ],
      },
    });
  });
});

const updateProfile = (holder: { userToken: string }, profileId: number, fields: Record<string, unknown>) =>
  testApp.current.call(ACCOUNT_CALLS.updateAccount, {
    userToken: holder.userToken,
    userId: profileId,
    ...fields,
  });

describe('Account/update.json naming a traveller profile', () => {
  it("ACC-05 the holder changes a profile's names, birthday and card number and gets the account back", async () => {
    const { user: holder } = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await createProfile(holder, { userName: 'Noé', userLastname: 'Martin', userBirthday: '2015-04-02' }),
    );
    const { user } = await okOf<{ user: AuthUser }>(
      await updateProfile(holder, profile.userId, {
        userName: 'Noa',
        userBirthday: '2016-05-03',
        cardNumber: ' 7781 0001 ',
      }),
    );
    expect(user.userId).toBe(holder.userId);
    expect(user.userName).toBe(holder.userName);
    expect(user.profiles).toEqual([
      { ...profile, userName: 'Noa', userBirthday: '2016-05-03', cardNumber: '7781 0001' },
    ]);
    const cleared = await okOf<{ user: AuthUser }>(
      await updateProfile(holder, profile.userId, { userBirthday: null, cardNumber: null }),
    );
    expect(cleared.user.profiles[0]).toMatchObject({ userBirthday: null, cardNumber: null });
  });

  it('ACC-05 VAL-02 a profile keeps distinct names, and account fields are refused for it', async () => {
    const { user: holder } = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await createProfile(holder, { userName: 'Noé', userLastname: 'Martin' }),
    );
    expect(await koOf(await updateProfile(holder, profile.userId, { userLastname: 'noe' }))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'userLastname', message: VALIDATION_MESSAGES.lastNameSameAsFirstName }] },
    });
    expect(
      await koOf(
        await updateProfile(holder, profile.userId, { contactEmail: 'noe@example.org', locale: 'en' }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: {
        issues: [
          { path: 'contactEmail', message: 'Not a field of a traveller profile' },
          { path: 'locale', message: 'Not a field of a traveller profile' },
        ],
      },
    });
    // The holder's own card number is not theirs to set here.
    expect(await koOf(await updateProfile(holder, holder.userId, { cardNumber: '1' }))).toMatchObject({
      status: 400,
      details: { issues: [{ path: 'cardNumber' }] },
    });
    expect((await okOf<{ user: AuthUser }>(await getUser(holder))).user.profiles[0]?.userLastname).toBe(
      'Martin',
    );
  });

  it('ACC-05 nobody else changes a profile: another holder, the profile itself, a deactivated profile', async () => {
    const { identity, user: owner } = await registerAndLogin(testApp.current);
    const { profile } = await okOf<{ profile: TravellerProfile }>(
      await createProfile(owner, { userName: 'Noé', userLastname: 'Martin' }),
    );
    const { user: stranger } = await registerAndLogin(testApp.current);
    const { user: asProfile } = await okOf<{ user: AuthUser }>(
      await loginWith(testApp.current, identity.idToken, { user_id: profile.userId }),
    );
    for (const [caller, profileId] of [
      [stranger, profile.userId],
      [owner, stranger.userId],
      [owner, 999_999],
      [asProfile, owner.userId],
    ] as const) {
      expect((await koOf(await updateProfile(caller, profileId, { userName: 'Intrus' }))).code).toBe(
        'FORBIDDEN',
      );
    }
    await okOf(await disableProfile(owner, profile.userId));
    expect((await koOf(await updateProfile(owner, profile.userId, { userName: 'Noa' }))).code).toBe(
      'FORBIDDEN',
    );
    const [row] = await testApp.current.deps.db.select().from(users).where(eq(users.id, stranger.userId));
    expect(row?.firstName).toBe(stranger.userName);
    expect((await okOf<{ user: AuthUser }>(await getUser(owner))).user.profiles[0]?.userName).toBe('Noé');
  });
});
