// The identities a provider vouched for, each behind a single-use authProviderToken (decision 0044):
// stored as SHA-256, for ten minutes, on the network where it was exchanged; spent by one call.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { addMinutes, type Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import {
  type ProviderClaims,
  type ProviderSignInRow,
  providerSignIns,
} from '../../db/schema/sign-in-providers.ts';
import { randomToken, sha256Hex } from '../../security/tokens.ts';

export const PROVIDER_SIGN_IN_LIFETIME_MINUTES = 10;

/** A spent, expired, unknown or other network's token: the browser starts the sign-in again. */
const invalidToken = () => new AppError('AUTHORIZATION_STATE_INVALID');

export async function storeProviderSignIn(options: {
  db: Database;
  clock: Clock;
  networkId: number;
  providerId: number;
  issuer: string;
  subject: string;
  claims: ProviderClaims;
  refreshToken: string | null;
  idToken: string | null;
}): Promise<{ token: string; expiresAt: Date }> {
  const { db, clock, ...identity } = options;
  const now = clock.now();
  const token = randomToken();
  const expiresAt = addMinutes(now, PROVIDER_SIGN_IN_LIFETIME_MINUTES);
  await db
    .insert(providerSignIns)
    .values({ ...identity, tokenHash: sha256Hex(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

const usable = (token: string, networkId: number, now: Date) =>
  and(
    eq(providerSignIns.tokenHash, sha256Hex(token)),
    eq(providerSignIns.networkId, networkId),
    isNull(providerSignIns.usedAt),
    gt(providerSignIns.expiresAt, now),
  );

/** The verified identity behind a token still to be spent on this network, without spending it. */
export async function findProviderSignIn(options: {
  db: Database;
  clock: Clock;
  token: string;
  networkId: number;
}): Promise<ProviderSignInRow> {
  const [found] = await options.db
    .select()
    .from(providerSignIns)
    .where(usable(options.token, options.networkId, options.clock.now()))
    .limit(1);
  if (!found) throw invalidToken();
  return found;
}

/**
 * Spends the token: the conditional update lets one call only of two with it have the identity.
 * What it held (claims, the provider's tokens) is answered, and no longer kept.
 */
export async function spendProviderSignIn(options: {
  db: Database;
  clock: Clock;
  token: string;
  networkId: number;
}): Promise<ProviderSignInRow> {
  const { db } = options;
  const now = options.clock.now();
  const [spent] = await db
    .update(providerSignIns)
    .set({ usedAt: now })
    .where(usable(options.token, options.networkId, now))
    .returning();
  if (!spent) throw invalidToken();
  await db
    .update(providerSignIns)
    .set({ claims: sql`'{}'::jsonb`, refreshToken: null, idToken: null })
    .where(eq(providerSignIns.id, spent.id));
  return spent;
}
