import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { TICKET_API_CALLS } from './calls.ts';

const shapeOf = (request: z.ZodType) =>
  (request as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
const isIdField = (field: string) => /(^|_)id$|Id$/.test(field);

describe('the ticket API calls', () => {
  it('read the numeric ids of a payload sent in the URL from its digits', () => {
    const unreadable = TICKET_API_CALLS.filter((call) => call.encoding === 'query').flatMap((call) =>
      Object.entries(shapeOf(call.request))
        .filter(
          ([field, schema]) =>
            isIdField(field) && schema.safeParse(12).success && !schema.safeParse('12').success,
        )
        .map(([field]) => `${call.method} ${call.path} ${field}`),
    );
    expect(unreadable).toEqual([]);
  });
});
