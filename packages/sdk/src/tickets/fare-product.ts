// Fare products (decision 0030): what a shop item's `products` are, each with the validity model its
// contracts follow. The catalogue file lists them under `fareProducts`; names are given per offered
// language, like every catalogue text, so the schema takes the text schema it is built with.
import { z } from 'zod';
import { idSchema } from '../contract/fields.ts';

export const FARE_VALIDITY_KINDS = ['PERIOD', 'JOURNEYS', 'DAY', 'MEDIUM'] as const;
export type FareValidityKind = (typeof FARE_VALIDITY_KINDS)[number];

/** How long an unused journey or first-use ticket stays usable after issue, in days (at most). */
export const UNUSED_EXPIRY_DAYS_MAX = 3650;

export const fareValiditySchema = z
  .discriminatedUnion('kind', [
    /**
     * A pass: its length is the shop item's pivot (pivotType, pivotValue), written once. A day
     * pivot ends at the end of its last day, unless `rolling`: N × 24 hours of elapsed time from the
     * start instant (a "24-hour pass" lasts 24 real hours, also on a day the clocks change).
     */
    z.strictObject({ kind: z.literal('PERIOD'), rolling: z.boolean().optional() }),
    /** N journeys per unit; each activation starts `minutes` of validity; unused ones expire. */
    z.strictObject({
      kind: z.literal('JOURNEYS'),
      journeys: z.number().int().min(1).max(100),
      minutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
      expiresAfterDays: z.number().int().min(1).max(UNUSED_EXPIRY_DAYS_MAX),
    }),
    /**
     * A day ticket: the chosen slot's day (`SLOT`), or the day of its first activation
     * (`FIRST_ACTIVATION`, which expires unused `expiresAfterDays` after issue).
     */
    z.strictObject({
      kind: z.literal('DAY'),
      start: z.enum(['SLOT', 'FIRST_ACTIVATION']),
      expiresAfterDays: z.number().int().min(1).max(UNUSED_EXPIRY_DAYS_MAX).optional(),
    }),
    /** The transport card itself: nothing is issued for it. */
    z.strictObject({ kind: z.literal('MEDIUM') }),
  ])
  .check((ctx) => {
    const validity = ctx.value;
    if (
      validity.kind === 'DAY' &&
      (validity.start === 'FIRST_ACTIVATION') !== (validity.expiresAfterDays !== undefined)
    )
      ctx.issues.push({
        code: 'custom',
        input: validity,
        path: ['expiresAfterDays'],
        message: 'a first-use day ticket, and only it, says after how many days it expires unused',
      });
  });
export type FareValidity = z.infer<typeof fareValiditySchema>;

/** A fare product of the catalogue, its name in the text schema given (every language in a file). */
export function fareProductSchemaOf<Text extends z.ZodType>(text: Text) {
  return z.strictObject({
    productId: idSchema,
    name: text,
    validity: fareValiditySchema,
  });
}

/** Whether a fare product's contracts are activated by their holder (journeys, first-use day tickets). */
export function isActivated(validity: FareValidity): boolean {
  return validity.kind === 'JOURNEYS' || (validity.kind === 'DAY' && validity.start === 'FIRST_ACTIVATION');
}
