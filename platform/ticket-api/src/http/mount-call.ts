// Mounts one call of the contract on a Hono app. Before the handler runs, the payload is read as
// the contract says, checked against its strict schema and for texts no database can hold (before
// the signature: joining values with '*' is ambiguous, decision 0007), the network resolved, the
// signature checked with the network's key and, for calls with a session, the session and its
// user found. The handler calls a service and returns the answer, which is checked against the
// contract's response schema.

import { bodyLimitOf } from '@transit-shop/sdk/contract/body-limits';
import type { AnyCallContract } from '@transit-shop/sdk/contract/define-call';
import { ok } from '@transit-shop/sdk/contract/envelope';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { invalidRequestError } from '@transit-shop/sdk/errors/invalid-request';
import { SIGNATURE_FIELD } from '@transit-shop/sdk/signing/canonical-string';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { SessionRow } from '../db/schema/sessions.ts';
import type { UserRow } from '../db/schema/users.ts';
import { isRequestSignature } from '../security/request-signature.ts';
import type { AppDeps } from '../services/app-deps.ts';
import { resolveSession } from '../services/sessions/resolve-session.ts';
import type { AppEnv } from './app-env.ts';
import { bodyLimit } from './body-limit.ts';
import { type RawPayload, readPayload } from './read-payload.ts';
import { type RequestClient, requestClientOf } from './request-client.ts';

export { JSON_BODY_MAX_BYTES, MULTIPART_BODY_MAX_BYTES } from '@transit-shop/sdk/contract/body-limits';

/** The header the tenant service sets to the network it resolved from the Host. */
export const NETWORK_HEADER = 'x-network-id';

type HasSession<C extends AnyCallContract> = C['session'] extends null ? false : true;

export type CallInput<C extends AnyCallContract> = {
  /** The payload as the contract's schema parsed it (trimmed, ids as numbers). */
  payload: z.output<C['request']>;
  network: LoadedNetwork;
  session: HasSession<C> extends true ? SessionRow : null;
  user: HasSession<C> extends true ? UserRow : null;
  deps: AppDeps;
  requestId: string;
  /** The caller's address and device cookie (decision 0024). */
  client: RequestClient;
};

export type CallHandler<C extends AnyCallContract> = (
  input: CallInput<C>,
) => Promise<z.input<C['response']>> | z.input<C['response']>;

const networkNotFound = () => new AppError('NETWORK_NOT_FOUND');

/** The networks a network field names: one id, or a list of them (wallet/tickets, API-07). */
function networksOfField(value: unknown): number[] | undefined {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value) && value.every((id) => typeof id === 'number')) return value;
  return undefined;
}

/**
 * The call's network: its network field, else the tenant service's header; the two must agree (a
 * field naming a list must name the header's network among them).
 */
function resolveNetwork(
  c: Context<AppEnv>,
  contract: AnyCallContract,
  payload: Record<string, unknown>,
): LoadedNetwork {
  const header = c.req.header(NETWORK_HEADER);
  const fromHeader =
    header === undefined ? undefined : /^[1-9]\d{0,15}$/.test(header) ? Number(header) : Number.NaN;
  const fromField = networksOfField(contract.networkField ? payload[contract.networkField] : undefined);
  if (fromField && fromHeader !== undefined && !fromField.includes(fromHeader)) {
    throw networkNotFound();
  }
  const id = fromHeader ?? (fromField?.length === 1 ? fromField[0] : undefined);
  const network = id === undefined || Number.isNaN(id) ? undefined : c.var.deps.networks.byId(id);
  if (!network) throw networkNotFound();
  return network;
}

/** NUL, which PostgreSQL text cannot hold, or a lone surrogate, which has no UTF-8 form at all. */
const isStorableText = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text);

/**
 * The paths of the payload's texts that no database text can hold: such a value is refused like
 * any invalid one before it reaches a query (PostgreSQL fails on a NUL, PGlite on some lone
 * surrogates, and node-postgres would store U+FFFD instead). Walked without recursion, whatever
 * the depth a schema lets through.
 */
function pathsOfUnstorableText(payload: unknown): string[] {
  const found: string[] = [];
  const pending: [unknown, string][] = [[payload, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push(path);
    } else if (value !== null && typeof value === 'object' && !(value instanceof Blob)) {
      for (const [key, member] of Object.entries(value))
        pending.push([member, path ? `${path}.${key}` : key]);
    }
  }
  return found.sort();
}

function checkSignature(raw: RawPayload, network: LoadedNetwork): void {
  const signature = raw[SIGNATURE_FIELD];
  const valid =
    typeof signature === 'string' && isRequestSignature(raw, signature, network.network.config.signingKey);
  if (!valid) throw new AppError('INVALID_SIGNATURE');
}

async function resolveCaller(
  deps: AppDeps,
  contract: AnyCallContract,
  payload: Record<string, unknown>,
  network: LoadedNetwork,
): Promise<{ session: SessionRow; user: UserRow }> {
  const fields = contract.session;
  if (!fields) throw new Error('resolveCaller needs a call with a session');
  const token = payload[fields.token];
  if (typeof token !== 'string' || token === '') throw new AppError('USER_NOT_CONNECTED');
  const { session, user } = await resolveSession({
    db: deps.db,
    clock: deps.clock,
    policy: deps.sessionPolicy,
    token,
    networkId: network.network.config.id,
  });
  // A call that may name a traveller profile checks the holder owns it itself.
  if (
    fields.userId !== undefined &&
    !fields.userIdMayBeProfile &&
    payload[fields.userId] !== session.userId
  ) {
    throw new AppError('FORBIDDEN', { message: 'The session belongs to another user' });
  }
  if (!user || user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  return { session, user };
}

export function mountCall<C extends AnyCallContract>(
  app: Hono<AppEnv>,
  contract: C,
  handler: CallHandler<C>,
) {
  const path = `/${contract.path}`;
  app.on(contract.method, path, bodyLimit(bodyLimitOf(contract)), async (c) => {
    const deps = c.var.deps;
    const raw = await readPayload(c, contract.encoding);
    const parsed = contract.request.safeParse(raw);
    if (!parsed.success) throw invalidRequestError(parsed.error, raw);
    const payload = parsed.data as Record<string, unknown>;
    const unstorable = pathsOfUnstorableText(payload);
    if (unstorable.length > 0) {
      throw new AppError('INVALID_REQUEST', {
        details: { issues: unstorable.map((path) => ({ path, message: VALIDATION_MESSAGES.invalid })) },
      });
    }

    const network = resolveNetwork(c, contract, payload);
    c.set('networkSlug', network.network.slug);
    checkSignature(raw, network);

    const caller = contract.session ? await resolveCaller(deps, contract, payload, network) : null;
    const answer = await handler({
      payload: parsed.data,
      network,
      session: caller?.session ?? null,
      user: caller?.user ?? null,
      deps,
      requestId: c.var.requestId,
      client: requestClientOf(c),
    } as CallInput<C>);

    const checked = contract.response.safeParse(answer);
    if (!checked.success) {
      throw new Error(`the answer of ${contract.path} breaks its contract: ${checked.error.message}`);
    }
    return c.json(ok(checked.data), 200);
  });
}
