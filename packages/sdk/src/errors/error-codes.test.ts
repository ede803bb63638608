import { describe, expect, it } from 'vitest';
import { ko, koEnvelopeSchema } from '../contract/envelope.ts';
import { AppError, isAppError } from './app-error.ts';
import {
  ConnectionError,
  GenericError,
  ProfilesError,
  TicketApiError,
  TimeoutError,
} from './client-errors.ts';
import { DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE, ERROR_CODES, isErrorCode } from './error-codes.ts';

const CLIENT_SIDE = new Set(['TIMEOUT', 'CONNECTION_ERROR', 'GENERIC_ERROR', 'LOGIN_NO_USER']);
// PAYMENT_UNEXPECTED_ERROR, IDENTITY_PROVIDER_UNAVAILABLE: the payment or sign-in provider failed or
// did not answer, like a bad gateway.
const SERVER_FAULTS = new Set([
  DEFAULT_ERROR_CODE,
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  'GATEWAY_TIMEOUT',
  'PAYMENT_UNEXPECTED_ERROR',
  'IDENTITY_PROVIDER_UNAVAILABLE',
  'MEDIA_ERROR',
]);

describe('error catalogue', () => {
  it('API-08 holds the technical messages verbatim', () => {
    const messages = Object.values(ERROR_CODES).map((entry) => entry.message);
    for (const text of [
      'Usermail not given',
      'Token is invalid',
      'user not found',
      'User not connected',
      'The profile could not be disabled',
      'The media could not be disabled',
      'There is no FranceConnect provider',
      'Picture needs to be of type File',
      'Cannot compute article start date',
      'The response did not contain the user',
    ]) {
      expect(messages).toContain(text);
    }
  });

  it('API-04 the default code and message are ERR_RESPONSE_ERROR and "Request failed with error"', () => {
    expect(DEFAULT_ERROR_CODE).toBe('ERR_RESPONSE_ERROR');
    expect(ERROR_CODES.ERR_RESPONSE_ERROR.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(DEFAULT_ERROR_MESSAGE).toBe('Request failed with error');
  });

  it('ACC-03 the email change failures keep the names the spec gives them', () => {
    expect(isErrorCode('update_email_error_password')).toBe(true);
    expect(isErrorCode('update_email_error_email_exists')).toBe(true);
    expect(isErrorCode('update_email_error_other')).toBe(true);
  });

  it('holds the codes the tenant service already answers, with the same statuses', () => {
    expect(
      [
        'INVALID_REQUEST',
        'NETWORK_NOT_FOUND',
        'NOT_CONFIGURED',
        'NOT_FOUND',
        'BAD_GATEWAY',
        'SERVICE_UNAVAILABLE',
      ].map((code) => [code, isErrorCode(code) ? ERROR_CODES[code].status : undefined]),
    ).toEqual([
      ['INVALID_REQUEST', 400],
      ['NETWORK_NOT_FOUND', 404],
      ['NOT_CONFIGURED', 404],
      ['NOT_FOUND', 404],
      ['BAD_GATEWAY', 502],
      ['SERVICE_UNAVAILABLE', 503],
    ]);
  });

  it('uses 5xx statuses only for server faults and the exceptions of an unreachable server', () => {
    for (const [code, entry] of Object.entries(ERROR_CODES)) {
      const serverSide = SERVER_FAULTS.has(code) || CLIENT_SIDE.has(code);
      expect(entry.status >= 500, code).toBe(serverSide);
      expect(entry.status >= 400 && entry.status < 600, code).toBe(true);
    }
    expect(ERROR_CODES.INVALID_REQUEST.status).toBe(400);
    expect(ERROR_CODES.SESSION_EXPIRED.status).toBe(401);
    expect(ERROR_CODES.ACCOUNT_LOCKED.status).toBe(423);
    expect(ERROR_CODES.VERIFICATION_WAIT.status).toBe(429);
  });
});

describe('AppError', () => {
  it("takes the catalogue's message and status, and may carry details", () => {
    const error = new AppError('INVALID_REQUEST', {
      details: { issues: [{ path: 'email', message: 'validation.email.format' }] },
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toBe('The request is invalid');
    expect(error.status).toBe(400);
    expect(error.details?.issues).toHaveLength(1);
    expect(new AppError('ACCOUNT_LOCKED', { message: 'Locked for 15 minutes' }).message).toBe(
      'Locked for 15 minutes',
    );
  });

  it('API-03 travels as a ko envelope with code, message and details, and is rebuilt from it', () => {
    const error = new AppError('VERIFICATION_WAIT', { details: { retryAfterSeconds: 60 } });
    const body = error.toBody();
    const envelope = koEnvelopeSchema.parse(
      JSON.parse(JSON.stringify(ko(body.code, body.message, body.details))),
    );
    expect(envelope.response.error).toEqual({
      code: 'VERIFICATION_WAIT',
      message: 'A verification email was sent recently: ask again later',
      details: { retryAfterSeconds: 60 },
    });
    const rebuilt = new TicketApiError({ ...envelope.response.error, httpStatus: 429 });
    expect(isAppError(rebuilt)).toBe(true);
    expect(rebuilt.code).toBe('VERIFICATION_WAIT');
    expect(rebuilt.status).toBe(429);
    expect(rebuilt.details).toEqual({ retryAfterSeconds: 60 });
  });

  it('API-04 an answer without a usable error becomes the default code and message', () => {
    const error = new TicketApiError({ httpStatus: 502 });
    expect(error.code).toBe('ERR_RESPONSE_ERROR');
    expect(error.message).toBe('Request failed with error');
    expect(error.status).toBe(502);
    expect(new TicketApiError({ httpStatus: 200 }).status).toBe(500);
  });

  it('API-05 every client exception is an AppError with its own code', () => {
    const profiles = [
      {
        userId: 2,
        userName: 'Léa',
        userLastname: 'Martin',
        userBirthday: null,
        cardNumber: null,
        active: true,
        signInEmail: null,
      },
    ];
    const errors = [
      new TimeoutError(),
      new ConnectionError({ reason: 'refused' }),
      new GenericError(),
      new ProfilesError(profiles),
    ];
    expect(errors.map((error) => [error.name, error.code, isAppError(error)])).toEqual([
      ['TimeoutError', 'TIMEOUT', true],
      ['ConnectionError', 'CONNECTION_ERROR', true],
      ['GenericError', 'GENERIC_ERROR', true],
      ['ProfilesError', 'PROFILE_CHOICE_REQUIRED', true],
    ]);
    expect((errors[3] as ProfilesError).profiles).toEqual(profiles);
  });

  it('is recognised by its brand when the class comes from another copy of the module', () => {
    const foreign = Object.assign(new Error('copy'), { [Symbol.for('transit-shop.app-error')]: true });
    expect(isAppError(foreign)).toBe(true);
    expect(isAppError(new Error('plain'))).toBe(false);
    expect(isAppError({ code: 'GENERIC_ERROR' })).toBe(false);
  });
});
