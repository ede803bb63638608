// The service's one error type: a code from the list below and the HTTP status it answers with.
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const SERVICE_ERROR_STATUS = {
  INVALID_REQUEST: 400,
  NETWORK_NOT_FOUND: 404,
  NOT_CONFIGURED: 404,
  NOT_FOUND: 404,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ServiceErrorCode = keyof typeof SERVICE_ERROR_STATUS;

export class ServiceError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ServiceErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
    this.status = SERVICE_ERROR_STATUS[code];
  }
}

export const networkNotFound = () => new ServiceError('NETWORK_NOT_FOUND', 'No network matches this request');
