import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { describe, expect, it } from 'vitest';
import { koOf } from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';

const testApp = useTestApp();
const TOKEN = 'a'.repeat(43);

/** A payload each call's schema accepts. */
const SAMPLES: Record<keyof typeof ACCOUNT_CALLS, Record<string, unknown>> = {
  login: { firebase_token: 'header.payload.signature', network_id: LUMIERE_ID },
  getUser: { userToken: TOKEN, userId: 7, networkId: LUMIERE_ID },
  signInWithToken: { token: 'header.payload.signature' },
  updateAccount: { userToken: TOKEN, userId: 7, userName: 'Anne' },
  uploadPicture: { userToken: TOKEN, user_id: 7, media: new Blob(['x']) },
  createProfile: { userToken: TOKEN, userId: 7, userName: 'Noé', userLastname: 'Martin' },
  disableProfile: { userToken: TOKEN, userId: 8 },
  setProfilePassword: { userToken: TOKEN, userId: 8, email: 'noe@example.org', password: 'Tramway-Line-7!' },
  logout: { userToken: TOKEN, user_id: 7 },
  touchSession: { userToken: TOKEN, userId: 7 },
  introspectToken: { userToken: TOKEN },
  resetPassword: { email: 'ada@example.org', networkId: LUMIERE_ID },
  sendVerificationEmail: { userToken: TOKEN, userId: 7, networkId: LUMIERE_ID },
  verifyAccount: { code: 'code' },
  applyActionCode: { code: 'code', action: 'LEGACY_EMAIL_VERIFICATION' },
  requestDeletion: { userToken: TOKEN, userId: 7 },
  reactivateAccount: { userToken: TOKEN, userId: 7 },
};

describe('every account call', () => {
  it.each(Object.keys(SAMPLES) as (keyof typeof ACCOUNT_CALLS)[])(
    'API-03 %s refuses an unknown field with a ko of 400, never 500',
    async (name) => {
      const response = await testApp.current.call(ACCOUNT_CALLS[name], { ...SAMPLES[name], isAdmin: 'yes' });
      expect(await koOf(response)).toMatchObject({
        status: 400,
        code: 'INVALID_REQUEST',
        details: { issues: [{ path: 'isAdmin', message: VALIDATION_MESSAGES.unknownField }] },
      });
    },
  );

  it.each(Object.keys(SAMPLES) as (keyof typeof ACCOUNT_CALLS)[])(
    'API-01 %s refuses a wrong signature once the payload is valid',
    async (name) => {
      const response = await testApp.current.call(ACCOUNT_CALLS[name], SAMPLES[name], {
        signature: 'f'.repeat(40),
      });
      expect(await koOf(response)).toMatchObject({ status: 400, code: 'INVALID_SIGNATURE' });
    },
  );

  it('API-02 answers TOKEN_INVALID to a session token that was never issued', async () => {
    for (const name of ['getUser', 'updateAccount', 'logout', 'touchSession', 'requestDeletion'] as const) {
      expect(await koOf(await testApp.current.call(ACCOUNT_CALLS[name], SAMPLES[name]))).toMatchObject({
        status: 401,
        code: 'TOKEN_INVALID',
        message: 'Token is invalid',
      });
    }
  });
});
