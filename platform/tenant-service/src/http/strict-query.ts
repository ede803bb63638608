// Query validation for the legacy calls: a strict zod schema, unknown or malformed parameters answer 400.
import { reduceLanguageCode } from '@transit-shop/sdk/locales';
import { validator } from 'hono/validator';
import { z } from 'zod';
import { ServiceError } from './service-error.ts';

/** Accepted on every legacy call and ignored for now: requests are signed for integrity, not trust. */
export const signatureParam = z.string().optional();

/** A language as legacy clients send it (fr, fr_FR, en-GB), reduced to a shop locale. */
export const langParam = z.preprocess(
  (value) => (typeof value === 'string' ? reduceLanguageCode(value) : value),
  z.enum(['fr', 'en', 'ar', 'it', 'es'], { message: 'a language among fr, en, ar, it, es' }),
);

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        return `unknown parameter${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
      }
      const where = issue.path.length > 0 ? issue.path.join('.') : 'query';
      // A repeated parameter arrives as a list where one value is expected.
      return issue.code === 'invalid_type' && issue.expected === 'string'
        ? `${where}: expected a single value`
        : `${where}: ${issue.message}`;
    })
    .join('; ');
}

/** Validator middleware: `c.req.valid('query')` is the parsed query. */
export function strictQuery<T extends z.ZodType<unknown, Record<string, unknown>>>(schema: T) {
  return validator('query', (value): z.output<T> => {
    const result = schema.safeParse(value);
    if (!result.success) throw new ServiceError('INVALID_REQUEST', describeIssues(result.error));
    return result.data;
  });
}
