// The response envelope every backend call answers (DESIGN.md, spec 02 §7).
import { z } from 'zod';

export const DEFAULT_ERROR_CODE = 'ERR_RESPONSE_ERROR';
export const DEFAULT_ERROR_MESSAGE = 'Request failed with error';

export const errorBodySchema = z.object({ code: z.string().min(1), message: z.string() });
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
export type KoEnvelope = z.infer<typeof koEnvelopeSchema>;

export const ok = <T>(response: T): OkEnvelope<T> => ({ status: 'ok', response });
export const ko = (code: string, message: string): KoEnvelope => ({
  status: 'ko',
  response: { error: { code, message } },
});
