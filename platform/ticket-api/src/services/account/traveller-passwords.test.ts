// Account/setProfilePassword.json (spec 01 §6: the holder signed in through a provider may set a
// password for their travellers), through the real calls: a holder signed in with a network's
// Keycloak or FranceConnect gives a traveller an email and password, and the traveller signs in
// by themselves as that profile.
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { IDENTITY_CALLS, type IdentitySession } from '@transit-shop/sdk/contract/identity';
import { describe, expect, it } from 'vitest';
import {
  guestLogin,
  koOf,
  loginWith,
  NEW_PASSWORD,
  okOf,
  PASSWORD,
  registerAndLogin,
  signInIdentity,
  uniqueEmail,
} from '../../test-support/account-test-kit.ts';
import {
  LUMIERE_FRANCECONNECT,
  LUMIERE_KEYCLOAK,
  person,
  useProviderSignIn,
} from '../../test-support/provider-sign-in.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';

const testApp = useTestApp();
const { signInWith } = useProviderSignIn(testApp);

type Caller = { userToken: string; userId: number };

const createProfile = async (holder: Caller, userName = 'Noé') =>
  (
    await okOf<{ profile: TravellerProfile }>(
      await testApp.current.call(ACCOUNT_CALLS.createProfile, {
        userToken: holder.userToken,
        userId: holder.userId,
        userName,
        userLastname: 'Martin',
      }),
    )
  ).profile;

const setPassword = (holder: Caller, profileId: number, email: string, password = PASSWORD) =>
  testApp.current.call(ACCOUNT_CALLS.setProfilePassword, {
    userToken: holder.userToken,
    userId: profileId,
    email,
    password,
  });

const getUser = ({ userToken, userId }: Caller) =>
  testApp.current.call(ACCOUNT_CALLS.getUser, { userToken, userId, networkId: LUMIERE_ID });

/** The traveller's own sign-in: the identity's password, then Account/login.json. */
async function travellerSignsIn(email: string, password = PASSWORD) {
  const identity = await signInIdentity(testApp.current, email, password);
  const { user } = await okOf<{ user: AuthUser }>(await loginWith(testApp.current, identity.idToken));
  return { identity, user };
}

async function holderThroughKeycloak() {
  const { user } = await signInWith(LUMIERE_KEYCLOAK, person());
  return user;
}

describe('Account/setProfilePassword.json', () => {
  it('lets a traveller of a holder signed in with Keycloak sign in by themselves, as their profile', async () => {
    const holder = await holderThroughKeycloak();
    const noe = await createProfile(holder);
    const email = uniqueEmail('noe');

    const { user } = await okOf<{ user: AuthUser }>(await setPassword(holder, noe.userId, email));
    expect(user.userId).toBe(holder.userId);
    expect(user.profiles).toEqual([{ ...noe, signInEmail: email }]);

    const { user: traveller } = await travellerSignsIn(email);
    expect(traveller).toMatchObject({
      userId: noe.userId,
      userName: 'Noé',
      userLastname: 'Martin',
      userMail: email,
      isParent: false,
      profiles: [],
      signedInWith: null,
    });
    // The holder's own sign-in is untouched.
    expect((await okOf<{ user: AuthUser }>(await getUser(holder))).user.userId).toBe(holder.userId);
  });

  it('works after a FranceConnect sign-in too', async () => {
    const { user: holder } = await signInWith(LUMIERE_FRANCECONNECT, person({ birthdate: '1980-03-04' }));
    const noe = await createProfile(holder);
    const email = uniqueEmail('noe');
    expect((await setPassword(holder, noe.userId, email)).status).toBe(200);
    expect((await travellerSignsIn(email)).user.userId).toBe(noe.userId);
  });

  it('is refused after an email-and-password sign-in, where the traveller is chosen at sign-in', async () => {
    const { user: holder } = await registerAndLogin(testApp.current);
    const noe = await createProfile(holder);
    expect(await koOf(await setPassword(holder, noe.userId, uniqueEmail('noe')))).toMatchObject({
      status: 403,
      code: 'PROFILE_PASSWORD_PROVIDER_ONLY',
    });
    expect((await okOf<{ user: AuthUser }>(await getUser(holder))).user.profiles[0]?.signInEmail).toBeNull();
  });

  it("refuses someone else's profile, the holder's own id, a deactivated profile, a guest and a traveller", async () => {
    const holder = await holderThroughKeycloak();
    const other = await holderThroughKeycloak();
    const othersTraveller = await createProfile(other);
    const retired = await createProfile(holder, 'Inès');
    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.disableProfile, {
        userToken: holder.userToken,
        userId: retired.userId,
      }),
    );
    for (const profileId of [othersTraveller.userId, holder.userId, retired.userId, 999_999]) {
      expect(
        await koOf(await setPassword(holder, profileId, uniqueEmail())),
        String(profileId),
      ).toMatchObject({
        status: 404,
        code: 'PROFILE_NOT_FOUND',
      });
    }

    const { user: guest } = await okOf<{ user: AuthUser }>(await guestLogin(testApp.current));
    expect((await koOf(await setPassword(guest, othersTraveller.userId, uniqueEmail()))).code).toBe(
      'GUEST_NOT_ALLOWED',
    );

    const noe = await createProfile(holder);
    const email = uniqueEmail('noe');
    await okOf(await setPassword(holder, noe.userId, email));
    const { user: traveller } = await travellerSignsIn(email);
    expect((await koOf(await setPassword(traveller, noe.userId, uniqueEmail()))).code).toBe('FORBIDDEN');
  });

  it('refuses an email that already signs someone in, the holder included, and a weak password', async () => {
    const holder = await holderThroughKeycloak();
    const noe = await createProfile(holder);
    const { email: takenEmail } = await registerAndLogin(testApp.current);
    for (const email of [takenEmail, takenEmail.toUpperCase(), holder.userMail ?? '']) {
      expect(await koOf(await setPassword(holder, noe.userId, email)), email).toMatchObject({
        status: 409,
        code: 'EMAIL_IN_USE',
      });
    }
    expect(await koOf(await setPassword(holder, noe.userId, uniqueEmail(), 'short'))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
      details: {
        issues: expect.arrayContaining([{ path: 'password', message: 'validation.password.digit' }]),
      },
    });
    // Two travellers cannot share one email.
    const ines = await createProfile(holder, 'Inès');
    const shared = uniqueEmail('family');
    await okOf(await setPassword(holder, noe.userId, shared));
    expect((await koOf(await setPassword(holder, ines.userId, shared))).code).toBe('EMAIL_IN_USE');
  });

  it("set again, replaces the traveller's email and password and ends their sign-ins", async () => {
    const holder = await holderThroughKeycloak();
    const noe = await createProfile(holder);
    const first = uniqueEmail('noe');
    await okOf(await setPassword(holder, noe.userId, first));
    const before = await travellerSignsIn(first);

    const second = uniqueEmail('noe');
    const { user } = await okOf<{ user: AuthUser }>(
      await setPassword(holder, noe.userId, second, NEW_PASSWORD),
    );
    expect(user.profiles[0]?.signInEmail).toBe(second);
    // Setting the same email again with a new password is a change of password, not a taken email.
    expect((await setPassword(holder, noe.userId, second, NEW_PASSWORD)).status).toBe(200);

    expect((await koOf(await getUser(before.user))).code).toMatch(/SESSION_EXPIRED|TOKEN_INVALID/);
    expect(
      (
        await koOf(
          await testApp.current.call(IDENTITY_CALLS.signInWithPassword, {
            email: first,
            password: PASSWORD,
            networkId: LUMIERE_ID,
          }),
        )
      ).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await travellerSignsIn(second, NEW_PASSWORD)).user.userId).toBe(noe.userId);
  });

  it("deactivating the traveller ends their own sign-ins: neither a new sign-in nor the old token's refresh opens a session", async () => {
    const holder = await holderThroughKeycloak();
    const noe = await createProfile(holder);
    const email = uniqueEmail('noe');
    await okOf(await setPassword(holder, noe.userId, email));
    const { identity, user: traveller } = await travellerSignsIn(email);

    await okOf(
      await testApp.current.call(ACCOUNT_CALLS.disableProfile, {
        userToken: holder.userToken,
        userId: noe.userId,
      }),
    );
    expect((await koOf(await getUser(traveller))).code).toBe('SESSION_EXPIRED');
    expect(
      (
        await koOf(
          await testApp.current.call(IDENTITY_CALLS.token, {
            grant_type: 'refresh_token',
            refresh_token: identity.refreshToken,
          }),
        )
      ).status,
    ).toBeGreaterThanOrEqual(400);
    const again: IdentitySession = await signInIdentity(testApp.current, email, PASSWORD);
    expect(await koOf(await loginWith(testApp.current, again.idToken))).toMatchObject({
      status: 403,
      code: 'PROFILE_INACTIVE',
    });
  });
});
