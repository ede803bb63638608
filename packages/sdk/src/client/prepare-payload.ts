// Makes a caller's payload ready to send: the session and network fields filled in when left out,
// checked against the call's strict schema, and signed (API-01, API-02).
import type { CallContract } from '../contract/define-call.ts';
import { AppError } from '../errors/app-error.ts';
import { invalidRequestError } from '../errors/invalid-request.ts';
import { SIGNATURE_FIELD } from '../signing/canonical-string.ts';
import { signPayload } from '../signing/sign.ts';

export type TicketSession = { readonly userToken: string; readonly userId: number };

export type PrepareContext = {
  signingKey: string;
  networkId: number;
  session: TicketSession | undefined;
};

export async function preparePayload(
  contract: CallContract,
  payload: Readonly<Record<string, unknown>>,
  context: PrepareContext,
): Promise<Record<string, unknown>> {
  const filled: Record<string, unknown> = { ...payload };
  delete filled[SIGNATURE_FIELD];
  if (contract.session) {
    const { token, userId } = contract.session;
    if (filled[token] === undefined) filled[token] = context.session?.userToken;
    if (userId && filled[userId] === undefined) filled[userId] = context.session?.userId;
    // Without a session there is nothing to send: said before a round trip, in the spec's words.
    if (filled[token] === undefined) throw new AppError('USER_NOT_CONNECTED');
  }
  if (contract.networkField && filled[contract.networkField] === undefined) {
    filled[contract.networkField] = context.networkId;
  }
  const parsed = contract.request.safeParse(filled);
  if (!parsed.success) throw invalidRequestError(parsed.error, filled);
  // The parsed payload is what travels and what is signed: trimmed values sign as they are sent.
  const ready = { ...(parsed.data as Record<string, unknown>) };
  ready[SIGNATURE_FIELD] = await signPayload(ready, context.signingKey);
  return ready;
}
