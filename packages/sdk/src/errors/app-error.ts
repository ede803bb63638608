// The one error model of the platform: services throw AppError(code), the ticket API answers it as
// a ko envelope, and the sdk rebuilds it on the client from that envelope.
import { DEFAULT_ERROR_MESSAGE, ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes.ts';

/** One field that failed validation: its dotted path and a message key the web app translates. */
export type FieldIssue = {
  readonly path: string;
  readonly message: string;
  /** Numbers a message needs, such as the minimum length. */
  readonly params?: Readonly<Record<string, string | number>>;
};

export type ErrorDetails = {
  /** What is wrong with each field of an invalid request. */
  readonly issues?: readonly FieldIssue[];
  /** How long to wait before trying again (locked account, verification email, rate limit). */
  readonly retryAfterSeconds?: number;
  /** ORDER_ALREADY_BOUGHT: how many whole minutes ago the same order was bought (decision 0021). */
  readonly boughtMinutesAgo?: number;
  /** ORDER_ALREADY_BOUGHT: when that order was bought (paid, or its debit submitted), an ISO instant. */
  readonly boughtAt?: string;
  /**
   * ORDER_ALREADY_BOUGHT to the session that placed that order (another tab of the same browser):
   * its number and public reference, to show it and its tickets (decision 0039).
   */
  readonly boughtOrderId?: number;
  readonly boughtOrderReference?: string;
};

export type AppErrorOptions = {
  message?: string;
  /** The HTTP status; the catalogue's status of the code by default. */
  status?: number;
  details?: ErrorDetails;
  cause?: unknown;
};

// A brand survives a module loaded twice (two bundles, hot reload), where instanceof does not.
const APP_ERROR = Symbol.for('transit-shop.app-error');

export class AppError extends Error {
  override name = 'AppError';
  /**
   * A catalogue code. A code rebuilt from an answer may be one this build does not know yet (a
   * newer server), which is why the type stays open.
   */
  readonly code: ErrorCode | (string & {});
  readonly status: number;
  readonly details: ErrorDetails | undefined;
  readonly [APP_ERROR] = true;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    const known = isErrorCode(code) ? ERROR_CODES[code] : undefined;
    super(options.message ?? known?.message ?? DEFAULT_ERROR_MESSAGE, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? known?.status ?? 500;
    this.details = options.details;
  }

  /** The error member of the ko envelope that carries this error. */
  toBody(): { code: string; message: string; details?: ErrorDetails } {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}

export function isAppError(error: unknown): error is AppError {
  return (
    error instanceof AppError ||
    (error instanceof Error && (error as unknown as Record<symbol, unknown>)[APP_ERROR] === true)
  );
}
