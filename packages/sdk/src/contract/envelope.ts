// The response envelope every backend call answers (DESIGN.md, spec 02 §7).
import { z } from 'zod';
import type { ErrorDetails } from '../errors/app-error.ts';
import { DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE } from '../errors/error-codes.ts';

export { DEFAULT_ERROR_CODE, DEFAULT_ERROR_MESSAGE };

export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const errorDetailsSchema = z.object({
  issues: z.array(fieldIssueSchema).optional(),
  retryAfterSeconds: z.number().nonnegative().optional(),
  boughtMinutesAgo: z.number().int().nonnegative().optional(),
  boughtAt: z.iso.datetime({ offset: true }).optional(),
  boughtOrderId: z.number().int().positive().optional(),
  boughtOrderReference: z.string().min(1).max(100).optional(),
});

export const errorBodySchema = z.object({
  code: z.string().min(1),
  message: z.string(),
  details: errorDetailsSchema.optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const koEnvelopeSchema = z.object({
  status: z.literal('ko'),
  response: z.object({ error: errorBodySchema }),
});

export function okEnvelopeSchema<T extends z.ZodType>(response: T) {
  return z.object({ status: z.literal('ok'), response });
}

export function envelopeSchema<T extends z.ZodType>(response: T) {
  return z.discriminatedUnion('status', [okEnvelopeSchema(response), koEnvelopeSchema]);
}

export type OkEnvelope<T> = { status: 'ok'; response: T };
/** Written by hand rather than inferred so that an AppError's read-only details fit in. */
export type KoEnvelope = {
  status: 'ko';
  response: { error: { code: string; message: string; details?: ErrorDetails } };
};

export const ok = <T>(response: T): OkEnvelope<T> => ({ status: 'ok', response });
export const ko = (code: string, message: string, details?: ErrorDetails): KoEnvelope => ({
  status: 'ko',
  response: { error: details ? { code, message, details } : { code, message } },
});
