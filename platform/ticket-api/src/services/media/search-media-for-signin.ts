// Account/searchLocalMediaForSignin (decision 0032): card sign-in. The card is checked as a link
// checks it; then the accounts that hold it are its live link's and those whose traveller profile
// carries its number. One answers a one-time custom token that Account/signinWithToken exchanges
// for a session; several answer SEVERAL (the customer contacts support); none answers NONE (the
// customer registers, then links the card). Every search counts against the client's address.
import type { MediaSearchAnswer } from '@transit-shop/sdk/contract/media';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { users } from '../../db/schema/users.ts';
import { identityOfUser } from '../account/identity-of-account.ts';
import { hitRateLimit, type RateLimit, rateLimitKey } from '../account/rate-limit.ts';
import { askRegistry, checkUsableCard, requireBirthDate } from '../card-registry/card-checks.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import type { IdentityKeys } from '../identity/identity-keys.ts';
import { createCustomToken } from '../identity/identity-tokens.ts';
import { addressKey } from '../identity/sign-in-lockout.ts';

/** Searches from one client address: enough for typing mistakes, too few to walk through numbers. */
export const MEDIA_SIGNIN_LIMIT: RateLimit = { name: 'media-signin', maxHits: 10, windowMinutes: 15 };

/** The accounts that hold the card on the network: its live link's, and its travellers' holders. */
async function holdersOf(db: Database, networkId: number, number: string): Promise<number[]> {
  const linked = await db
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
  const holders = new Set<number>();
  for (const row of [...linked, ...carried]) if (row.userId !== null) holders.add(row.userId);
  if (carried.length === 0) return [...holders];
  // A traveller's holder counts while their account is open.
  const open = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...holders]), inArray(users.status, ['ACTIVE', 'PENDING_DELETION'])));
  return open.map((row) => row.id);
}

export async function searchMediaForSignin(options: {
  db: Database;
  clock: Clock;
  cards: CardRegistry;
  keys: IdentityKeys;
  network: LoadedNetwork;
  clientAddress: string;
  number: string;
  birthDate: string | undefined;
}): Promise<MediaSearchAnswer> {
  const { db, clock, network } = options;
  const networkId = network.network.config.id;
  await hitRateLimit({
    db,
    clock,
    limit: MEDIA_SIGNIN_LIMIT,
    key: rateLimitKey(MEDIA_SIGNIN_LIMIT, networkId, addressKey(options.clientAddress)),
  });
  requireBirthDate(network, options.birthDate);
  const card = checkUsableCard({
    card: await askRegistry(() => options.cards.findCard(networkId, options.number)),
    birthDate: options.birthDate,
    network,
    now: clock.now(),
  });
  const holders = await holdersOf(db, networkId, card.number);
  if (holders.length > 1) return { result: 'SEVERAL' };
  const [holder] = holders;
  const identity = holder === undefined ? undefined : await identityOfUser(db, holder);
  if (!identity) return { result: 'NONE' };
  const token = await createCustomToken({ keys: options.keys, clock, identityAccountId: identity.id });
  return { result: 'ONE', token };
}
