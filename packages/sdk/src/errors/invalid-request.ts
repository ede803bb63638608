// The invalid-request error built from a zod failure, with the list of field problems.
import type { z } from 'zod';
import { fieldIssues } from '../validation/field-issues.ts';
import { AppError } from './app-error.ts';

export function invalidRequestError(error: z.ZodError, input?: unknown): AppError {
  return new AppError('INVALID_REQUEST', {
    details: { issues: fieldIssues(error, input) },
    cause: error,
  });
}
