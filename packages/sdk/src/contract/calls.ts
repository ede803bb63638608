// Every call of the ticket API's contract, found by its path: the tenant service applies the body
// limit of the call it forwards (decision 0023). A test of the ticket API checks that every call it
// mounts is listed here.
import { ACCOUNT_CALLS } from './account.ts';
import { AUTHENTICATION_CALLS } from './authentication.ts';
import { bodyLimitOf, JSON_BODY_MAX_BYTES } from './body-limits.ts';
import { CATALOGUE_CALLS } from './catalogue.ts';
import { CHECKOUT_CALLS } from './checkout.ts';
import { COLLECT_CALLS } from './collect.ts';
import type { AnyCallContract } from './define-call.ts';
import { DOCUMENT_CALLS } from './documents.ts';
import { IDENTITY_CALLS } from './identity.ts';
import { MEDIA_CALLS } from './media.ts';
import { ORDER_CALLS } from './order.ts';
import { PAYMENT_METHOD_CALLS } from './payment-methods.ts';
import { SUBSCRIPTION_CALLS } from './subscriptions.ts';
import { WALLET_CALLS } from './wallet.ts';

export const TICKET_API_CALLS: readonly AnyCallContract[] = [
  ACCOUNT_CALLS,
  AUTHENTICATION_CALLS,
  CATALOGUE_CALLS,
  CHECKOUT_CALLS,
  COLLECT_CALLS,
  DOCUMENT_CALLS,
  IDENTITY_CALLS,
  MEDIA_CALLS,
  ORDER_CALLS,
  PAYMENT_METHOD_CALLS,
  SUBSCRIPTION_CALLS,
  WALLET_CALLS,
].flatMap((calls): AnyCallContract[] => Object.values(calls));

const byPath = new Map(TICKET_API_CALLS.map((call) => [`/${call.path}`, call]));

/** The call at a path of the ticket API (`/Account/login.json`), if any. */
export function callOfPath(path: string): AnyCallContract | undefined {
  return byPath.get(path);
}

/** The body limit of the call at a path; the JSON limit for a path that names no call. */
export function bodyLimitOfPath(path: string): number {
  const call = callOfPath(path);
  return call ? bodyLimitOf(call) : JSON_BODY_MAX_BYTES;
}
