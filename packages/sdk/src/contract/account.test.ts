import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.ts';
import { ProfilesError } from '../errors/client-errors.ts';
import { fieldIssues } from '../validation/field-issues.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import {
  ACCOUNT_CALLS,
  applyActionCodeCall,
  loginCall,
  updateAccountCall,
  uploadPictureCall,
} from './account.ts';
import type { AuthUser } from './auth-user.ts';
import type { CallContract, CallRequest } from './define-call.ts';
import { IDENTITY_CALLS, identitySignUpCall, identityUpdateCall } from './identity.ts';

const TOKEN = 'a'.repeat(64);
const ID_TOKEN = 'header.payload.signature';
const PASSWORD = 'Correct-Horse-9';
const picture = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

type Samples<Calls extends Record<string, CallContract>> = { [K in keyof Calls]: CallRequest<Calls[K]> };

/** One valid payload per call, so a refusal below can only come from the extra field. */
const ACCOUNT_SAMPLES: Samples<typeof ACCOUNT_CALLS> = {
  login: {
    firebase_token: ID_TOKEN,
    network_id: 101,
    device: 'web',
    originType: 'ESHOP',
    forceProfiles: true,
  },
  getUser: { userToken: TOKEN, userId: 7, networkId: 101 },
  signInWithToken: { token: 'one-time' },
  updateAccount: { userToken: TOKEN, userId: 7, userName: 'Anne', appearance: 'DARK', locale: 'en' },
  uploadPicture: { userToken: TOKEN, user_id: '7', media: picture },
  createProfile: {
    userToken: TOKEN,
    userId: 7,
    userName: 'Léa',
    userLastname: 'Martin',
    userBirthday: '2015-06-01',
  },
  disableProfile: { userToken: TOKEN, userId: 8 },
  setProfilePassword: { userToken: TOKEN, userId: 8, email: 'lea@example.org', password: PASSWORD },
  logout: { user_id: 7, userToken: TOKEN },
  touchSession: { userToken: TOKEN, userId: 7 },
  introspectToken: { userToken: TOKEN },
  resetPassword: { email: 'anne@example.com', networkId: 101 },
  sendVerificationEmail: { userToken: TOKEN, userId: 7, networkId: 101 },
  verifyAccount: { code: 'abc123' },
  applyActionCode: { code: 'abc123', action: 'LEGACY_PASSWORD_CHANGE', newPassword: PASSWORD },
  requestDeletion: { userToken: TOKEN, userId: 7 },
  reactivateAccount: { userToken: TOKEN, userId: 7 },
};

const IDENTITY_SAMPLES: Samples<typeof IDENTITY_CALLS> = {
  signInWithPassword: { email: 'anne@example.com', password: 'old-password', networkId: 101 },
  signInWithCustomToken: { token: ID_TOKEN },
  signUp: {
    email: 'anne@example.com',
    password: PASSWORD,
    firstName: 'Anne',
    lastName: 'Martin',
    networkId: 101,
    locale: 'fr',
    acceptedTerms: true,
    acceptedPrivacy: true,
  },
  update: { idToken: ID_TOKEN, email: 'new@example.com', currentPassword: 'old-password' },
  lookup: { idToken: ID_TOKEN },
  token: { grant_type: 'refresh_token', refresh_token: 'refresh' },
};

const SIGNATURE = 'ab'.repeat(20);

const user: AuthUser = {
  userToken: TOKEN,
  userId: 7,
  userName: 'Anne',
  userLastname: 'Martin',
  userMail: 'anne@example.com',
  userBirthday: '1990-04-01',
  userPictureUrl: null,
  userPhoneNumber: null,
  userStatus: 'ACTIVE',
  isParent: true,
  verifiedAt: null,
  authAsGuest: false,
  address: null,
  customerNumber: 'C-000007',
  contactEmail: null,
  appearance: 'SYSTEM',
  dataSharingConsent: false,
  locale: 'fr',
  identities: [],
  signedInWith: null,
  profiles: [],
  deletionRequestedAt: null,
  sessionExpiresAt: '2026-12-10T12:00:00.000Z',
};

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const issuesOf = (contract: CallContract, payload: Record<string, unknown>) => {
  const result = contract.request.safeParse(payload);
  return result.success ? [] : fieldIssues(result.error, payload);
};

describe('account and identity contracts', () => {
  for (const [calls, samples] of [
    [ACCOUNT_CALLS, ACCOUNT_SAMPLES],
    [IDENTITY_CALLS, IDENTITY_SAMPLES],
  ] as const) {
    for (const [name, contract] of Object.entries(calls) as [string, CallContract][]) {
      const sample = (samples as Record<string, Record<string, unknown>>)[name] as Record<string, unknown>;

      it(`${contract.path} accepts its fields with a signature and refuses an unknown field`, () => {
        expect(issuesOf(contract, { ...sample, signature: SIGNATURE })).toEqual([]);
        expect(issuesOf(contract, { ...sample, signature: SIGNATURE, isAdmin: true })).toEqual([
          { path: 'isAdmin', message: VALIDATION_MESSAGES.unknownField },
        ]);
      });
    }
  }

  it('identity calls live under identity/ and are plain JSON POSTs without a session', () => {
    for (const contract of Object.values(IDENTITY_CALLS)) {
      expect(contract.path.startsWith('identity/')).toBe(true);
      expect([contract.method, contract.encoding, contract.session]).toEqual(['POST', 'json', null]);
    }
  });

  it('API-02 authenticated calls name their session fields; a profile call leaves its id to the caller', () => {
    expect(ACCOUNT_CALLS.getUser.session).toEqual({ token: 'userToken', userId: 'userId' });
    expect(ACCOUNT_CALLS.logout.session).toEqual({ token: 'userToken', userId: 'user_id' });
    expect(ACCOUNT_CALLS.disableProfile.session).toEqual({ token: 'userToken' });
    expect(ACCOUNT_CALLS.login.session).toBeNull();
    expect(ACCOUNT_CALLS.login.networkField).toBe('network_id');
    expect(ACCOUNT_CALLS.getUser.networkField).toBe('networkId');
    expect(uploadPictureCall.encoding).toBe('multipart');
    expect(Object.values(ACCOUNT_CALLS).every((contract) => !contract.cacheable)).toBe(true);
  });

  it('AUTH-02 AUTH-03 a login gives the user, raises the profiles exception, or says the user is missing', () => {
    expect(loginCall.toResult({ user })).toEqual({ user });
    const profile = {
      userId: 8,
      userName: 'Léa',
      userLastname: 'Martin',
      userBirthday: null,
      cardNumber: null,
      active: true,
      signInEmail: null,
    };
    const error = thrownBy(() => loginCall.toResult({ profiles: [profile] }));
    expect(error).toBeInstanceOf(ProfilesError);
    expect((error as ProfilesError).profiles).toEqual([profile]);
    expect(() => loginCall.toResult({})).toThrow(AppError);
    expect(() => loginCall.toResult({})).toThrow('The response did not contain the user');
  });

  it('an email change needs the password, a password change the current one', () => {
    const base = { userToken: TOKEN, userId: 7 };
    expect(issuesOf(updateAccountCall, { ...base, email: 'new@example.com' })).toEqual([
      { path: 'password', message: VALIDATION_MESSAGES.required },
    ]);
    expect(issuesOf(updateAccountCall, { ...base, newPassword: PASSWORD })).toEqual([
      { path: 'currentPassword', message: VALIDATION_MESSAGES.required },
    ]);
    expect(
      issuesOf(updateAccountCall, { ...base, currentPassword: PASSWORD, newPassword: PASSWORD }),
    ).toEqual([{ path: 'newPassword', message: VALIDATION_MESSAGES.passwordSameAsCurrent }]);
    expect(issuesOf(updateAccountCall, { ...base, email: 'new@example.com', password: 'old' })).toEqual([]);
  });

  it('VAL-01 VAL-02 VAL-04 VAL-05 the update applies the field rules on the server too', () => {
    const base = { userToken: TOKEN, userId: 7 };
    expect(issuesOf(updateAccountCall, { ...base, userName: 'Brd' })).toEqual([
      { path: 'userName', message: VALIDATION_MESSAGES.nameVowel },
    ]);
    expect(issuesOf(updateAccountCall, { ...base, userName: 'Anne', userLastname: 'anne' })).toEqual([
      { path: 'userLastname', message: VALIDATION_MESSAGES.lastNameSameAsFirstName },
    ]);
    expect(
      issuesOf(updateAccountCall, { ...base, currentPassword: 'old', newPassword: 'weakpassword' }),
    ).toEqual([
      { path: 'newPassword', message: VALIDATION_MESSAGES.passwordUppercase },
      { path: 'newPassword', message: VALIDATION_MESSAGES.passwordDigit },
      { path: 'newPassword', message: VALIDATION_MESSAGES.passwordSpecial },
    ]);
    expect(issuesOf(updateAccountCall, { ...base, userPhoneNumber: '12' })).toEqual([
      { path: 'userPhoneNumber', message: VALIDATION_MESSAGES.phone },
    ]);
    expect(
      issuesOf(updateAccountCall, { ...base, userPhoneNumber: null, address: null, contactEmail: null }),
    ).toEqual([]);
  });

  it('refuses an id beyond the 32-bit integers the database holds, as a number or as text', () => {
    const tooLarge = {
      path: 'userId',
      message: VALIDATION_MESSAGES.invalid,
      params: { maximum: 2_147_483_647 },
    };
    expect(issuesOf(ACCOUNT_CALLS.disableProfile, { userToken: 'x', userId: 2_147_483_648 })).toEqual([
      tooLarge,
    ]);
    expect(issuesOf(ACCOUNT_CALLS.disableProfile, { userToken: 'x', userId: 2_147_483_647 })).toEqual([]);
    expect(issuesOf(uploadPictureCall, { userToken: TOKEN, user_id: '2147483648', media: picture })).toEqual([
      { ...tooLarge, path: 'user_id' },
    ]);
  });

  it('ACC-04 the picture must be a file', () => {
    expect(issuesOf(uploadPictureCall, { userToken: TOKEN, user_id: 7, media: 'me.png' })).toEqual([
      { path: 'media', message: VALIDATION_MESSAGES.pictureFile },
    ]);
  });

  it('Actions/useCode takes a new password for a password change only', () => {
    expect(issuesOf(applyActionCodeCall, { code: 'c', action: 'LEGACY_PASSWORD_CHANGE' })).toEqual([
      { path: 'newPassword', message: VALIDATION_MESSAGES.required },
    ]);
    expect(
      issuesOf(applyActionCodeCall, {
        code: 'c',
        action: 'LEGACY_EMAIL_VERIFICATION',
        newPassword: PASSWORD,
      }),
    ).toEqual([{ path: 'newPassword', message: VALIDATION_MESSAGES.unknownField }]);
    expect(issuesOf(applyActionCodeCall, { code: 'c', action: 'LEGACY_ACCOUNT_ANONYMIZATION' })).toEqual([]);
    expect(issuesOf(applyActionCodeCall, { code: 'c', action: 'DELETE_EVERYTHING' })).toEqual([
      { path: 'action', message: VALIDATION_MESSAGES.invalid },
    ]);
  });

  it('AUTH-04 AUTH-05 sign-up registers with every field, or makes an anonymous identity for a guest', () => {
    expect(issuesOf(identitySignUpCall, { networkId: 101, locale: 'en' })).toEqual([]);
    expect(issuesOf(identitySignUpCall, { networkId: 101, locale: 'en', password: PASSWORD })).toEqual([
      { path: 'email', message: VALIDATION_MESSAGES.required },
      { path: 'firstName', message: VALIDATION_MESSAGES.required },
      { path: 'lastName', message: VALIDATION_MESSAGES.required },
      { path: 'acceptedTerms', message: VALIDATION_MESSAGES.termsRequired },
      { path: 'acceptedPrivacy', message: VALIDATION_MESSAGES.privacyRequired },
    ]);
    expect(issuesOf(identitySignUpCall, { ...IDENTITY_SAMPLES.signUp, acceptedPrivacy: false })).toEqual([
      { path: 'acceptedPrivacy', message: VALIDATION_MESSAGES.privacyRequired },
    ]);
  });

  it('identity/update changes an email or a password, a new password differing from the current one', () => {
    expect(issuesOf(identityUpdateCall, { idToken: ID_TOKEN })).toEqual([
      { path: 'email', message: VALIDATION_MESSAGES.required },
    ]);
    expect(
      issuesOf(identityUpdateCall, { idToken: ID_TOKEN, password: PASSWORD, currentPassword: PASSWORD }),
    ).toEqual([{ path: 'password', message: VALIDATION_MESSAGES.passwordSameAsCurrent }]);
  });
});
