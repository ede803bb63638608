// Reads the text of an answer as the call's envelope: the ok response parsed with the call's
// schema, or a TicketApiError with the ko's code and message, or the default code and message
// when the answer is not a proper envelope (API-03, API-04).
import type { CallContract } from '../contract/define-call.ts';
import { koEnvelopeSchema, okEnvelopeSchema } from '../contract/envelope.ts';
import { TicketApiError } from '../errors/client-errors.ts';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * The parsed `response` member of an ok envelope; throws TicketApiError for anything else. Only the
 * call's response schema is read, so an answer of any envelope-speaking service reads the same way.
 */
export function readAnswer(
  contract: Pick<CallContract, 'response'>,
  httpStatus: number,
  text: string,
): unknown {
  const json = parseJson(text);
  if (!json.ok) throw new TicketApiError({ httpStatus, cause: json.error });
  const ko = koEnvelopeSchema.safeParse(json.value);
  if (ko.success) {
    const { code, message, details } = ko.data.response.error;
    throw new TicketApiError({ code, message, details, httpStatus });
  }
  // An ok envelope with an error status is no answer to trust.
  if (httpStatus < 200 || httpStatus >= 300) throw new TicketApiError({ httpStatus });
  const answer = okEnvelopeSchema(contract.response).safeParse(json.value);
  if (!answer.success) throw new TicketApiError({ httpStatus, cause: answer.error });
  return answer.data.response;
}
