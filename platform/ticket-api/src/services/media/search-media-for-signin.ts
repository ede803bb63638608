// Account/searchLocalMediaForSignin (decision 0032): card sign-in, on a network that offers it. The
// card is checked as a link checks it, its holder's birth date a try counted against the card, the
// client's address and all (decision 0036; a network that hides the birth date cannot offer card
// sign-in: its network file is refused). The account of its live link answers a one-time custom
// token that Account/signinWithToken exchanges for a session, unless a traveller of another account
// was given the card's number: then SEVERAL (the customer contacts support). A card with no live
// link answers NONE (the customer registers with the card), whatever number travellers were given:
// a typed number never opens an account. Every search counts against the client's address too.
import type { MediaSearchAnswer } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { users } from '../../db/schema/users.ts';
import { identityOfUser } from '../account/identity-of-account.ts';
import { hitRateLimit, type RateLimit, rateLimitKey } from '../account/rate-limit.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import type { IdentityKeys } from '../identity/identity-keys.ts';
import { createCustomToken } from '../identity/identity-tokens.ts';
import { addressKey } from '../identity/sign-in-lockout.ts';
import { checkHeldCard, type HoldingCheck, requireProof } from './card-holding.ts';

/** Searches from one client address: enough for typing mistakes, too few to walk through numbers. */
export const MEDIA_SIGNIN_LIMIT: RateLimit = { name: 'media-signin', maxHits: 10, windowMinutes: 15 };

/** Open accounts, of the given ids. */
async function openAccounts(db: Database, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const open = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), inArray(users.status, ['ACTIVE', 'PENDING_DELETION'])));
  return open.map((row) => row.id);
}

/**
 * Who holds the card on the network: `linked`, the account of its live link (the registry checked
 * the card and its holder's birth date when it was linked), and `claimed`, the open accounts one of
 * whose travellers was given its number. A number typed on a traveller is a claim, not a proof: it
 * may make the shop doubt whose card it is, never open an account by itself.
 */
async function holdersOf(
  db: Database,
  networkId: number,
  number: string,
): Promise<{ linked: number | undefined; claimed: number[] }> {
  const [link] = await db
    .select({ userId: mediaLinks.userId })
    .from(mediaLinks)
    .innerJoin(users, eq(users.id, mediaLinks.userId))
    .where(
      and(
        eq(mediaLinks.networkId, networkId),
        eq(mediaLinks.number, number),
        isNull(mediaLinks.removedAt),
        inArray(users.status, ['ACTIVE', 'PENDING_DELETION']),
      ),
    );
  // A traveller's number is typed freely: its spaces and hyphens are dropped, as the card's are.
  const carried = await db
    .select({ userId: users.parentUserId })
    .from(users)
    .where(
      and(
        isNotNull(users.parentUserId),
        isNotNull(users.cardNumber),
        eq(users.active, true),
        ne(users.status, 'ANONYMISED'),
        sql`regexp_replace(${users.cardNumber}, '[[:space:]-]', '', 'g') = ${number}`,
      ),
    );
  const claimants = new Set<number>();
  for (const row of carried) if (row.userId !== null) claimants.add(row.userId);
  return { linked: link?.userId, claimed: await openAccounts(db, [...claimants]) };
}

export async function searchMediaForSignin(
  options: Pick<HoldingCheck, 'mailer' | 'logger' | 'shopPort' | 'jobs'> & {
    db: Database;
    clock: Clock;
    cards: CardRegistry;
    keys: IdentityKeys;
    network: LoadedNetwork;
    clientAddress: string;
    number: string;
    birthDate: string | undefined;
  },
): Promise<MediaSearchAnswer> {
  const { db, clock, network } = options;
  const networkId = network.network.config.id;
  await hitRateLimit({
    db,
    limit: MEDIA_SIGNIN_LIMIT,
    key: rateLimitKey(MEDIA_SIGNIN_LIMIT, networkId, addressKey(options.clientAddress)),
  });
  if (!network.network.config.has_media_signin) throw new AppError('MEDIA_SIGNIN_NOT_OFFERED');
  const proof = { birthDate: options.birthDate };
  requireProof(network, proof);
  const { card } = await checkHeldCard({
    ...options,
    proof,
    accountId: null,
    now: clock.now(),
  });
  const { linked, claimed } = await holdersOf(db, networkId, card.number);
  if (linked === undefined) return { result: 'NONE' };
  if (claimed.some((account) => account !== linked)) return { result: 'SEVERAL' };
  const identity = await identityOfUser(db, linked);
  if (!identity) return { result: 'NONE' };
  const token = await createCustomToken({ keys: options.keys, clock, identityAccountId: identity.id });
  return { result: 'ONE', token };
}
