// The people at the networks' sign-in providers linked to accounts (decision 0044), keyed by issuer
// and subject, and whether an account's details come from FranceConnect (IDP-01).
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { identities, type LinkedIdentityRow } from '../../db/schema/identity.ts';

export async function findLinkedIdentity(
  db: Database,
  issuer: string,
  subject: string,
): Promise<LinkedIdentityRow | undefined> {
  const [found] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.issuer, issuer), eq(identities.subject, subject)))
    .limit(1);
  return found;
}

export function identitiesOfUser(db: Database, userId: number): Promise<LinkedIdentityRow[]> {
  return db.select().from(identities).where(eq(identities.userId, userId));
}

/** The issuers (as the tenant files write them) of every FranceConnect provider of these networks. */
export function franceConnectIssuers(networks: readonly LoadedNetwork[]): string[] {
  return [
    ...new Set(
      networks.flatMap((network) =>
        network.network.config.authenticationProviders
          .filter((provider) => provider.driver === 'FRANCECONNECT')
          .map((provider) => provider.issuer),
      ),
    ),
  ];
}

/**
 * IDP-01: whether the account has an identity at a FranceConnect provider of any network: its names,
 * birth date and email are then FranceConnect's, written at each sign-in, and read-only.
 */
export async function hasFranceConnectIdentity(
  db: Database,
  userId: number,
  networks: readonly LoadedNetwork[],
): Promise<boolean> {
  const issuers = franceConnectIssuers(networks);
  if (issuers.length === 0) return false;
  const [found] = await db
    .select({ id: identities.id })
    .from(identities)
    .where(and(eq(identities.userId, userId), inArray(identities.issuer, issuers)))
    .limit(1);
  return found !== undefined;
}
