// The exceptions the sdk's client raises (spec 02 §8 "Client exceptions"): an error answered by
// the ticket backend, a timeout, a connection reset or refused, anything else, and the profiles
// exception of a login that asks which profile signs in.
import type { TravellerProfile } from '../contract/auth-user.ts';
import { AppError, type ErrorDetails } from './app-error.ts';
import { DEFAULT_ERROR_CODE, type ErrorCode } from './error-codes.ts';

/** A ko answer of the ticket backend, or an answer that is not a proper envelope (API-03, API-04). */
export class TicketApiError extends AppError {
  override name = 'TicketApiError';
  /** The HTTP status the answer came with (0 when it never came). */
  readonly httpStatus: number;

  constructor(options: {
    code?: string;
    message?: string;
    details?: ErrorDetails | undefined;
    httpStatus: number;
    cause?: unknown;
  }) {
    const code = options.code ?? DEFAULT_ERROR_CODE;
    // A code from the wire may be newer than this build's catalogue: kept as it came.
    super(code as ErrorCode, {
      ...(options.message === undefined ? {} : { message: options.message }),
      ...(options.details ? { details: options.details } : {}),
      ...(options.httpStatus >= 400 ? { status: options.httpStatus } : {}),
      cause: options.cause,
    });
    this.httpStatus = options.httpStatus;
  }
}

export class TimeoutError extends AppError {
  override name = 'TimeoutError';
  constructor(options: { cause?: unknown } = {}) {
    super('TIMEOUT', options);
  }
}

/** Why a connection failed, when the runtime says it (browsers do not). */
export type ConnectionFailure = 'reset' | 'refused' | 'unknown';

export class ConnectionError extends AppError {
  override name = 'ConnectionError';
  readonly reason: ConnectionFailure;
  constructor(options: { reason: ConnectionFailure; cause?: unknown }) {
    super('CONNECTION_ERROR', { cause: options.cause });
    this.reason = options.reason;
  }
}

export class GenericError extends AppError {
  override name = 'GenericError';
  constructor(options: { message?: string; cause?: unknown } = {}) {
    super('GENERIC_ERROR', options);
  }
}

/** Login answered a list of profiles to choose from instead of a user (AUTH-03, forceProfiles). */
export class ProfilesError extends AppError {
  override name = 'ProfilesError';
  readonly profiles: readonly TravellerProfile[];
  constructor(profiles: readonly TravellerProfile[]) {
    super('PROFILE_CHOICE_REQUIRED');
    this.profiles = profiles;
  }
}
