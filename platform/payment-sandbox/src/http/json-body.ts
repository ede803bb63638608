// Reads a JSON request body through its zod schema; every problem is the caller's 400, never a 500.
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError, issuesOf } from './api-error.ts';

export async function readJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const contentType = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'The body must be JSON (Content-Type: application/json)',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new ApiError(400, 'invalid_json', 'The body is not valid JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new ApiError(400, 'invalid_request', 'The body does not match the call', issuesOf(result.error));
  }
  return result.data;
}

/** A path parameter checked by its schema: a malformed id is simply not found. */
export function readId(value: string, schema: z.ZodType<string>, notFound: ApiError): string {
  if (!schema.safeParse(value).success) throw notFound;
  return value;
}
