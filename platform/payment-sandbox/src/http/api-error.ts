// The one error of the server-to-server API: a status, a stable code and a message for developers.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ErrorAnswer } from '../protocol/schemas.ts';

export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  toAnswer(): ErrorAnswer {
    return {
      error: { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) },
    };
  }
}

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(body)';

/** zod's issues as `path: message` pairs a caller can act on; each unknown field is named on its own. */
export const issuesOf = (error: z.ZodError): ApiIssue[] =>
  error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: pathOf([...issue.path, key]), message: 'unknown field' }))
      : [{ path: pathOf(issue.path), message: issue.message }],
  );
