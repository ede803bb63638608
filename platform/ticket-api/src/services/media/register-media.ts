// Account/registerMedia.json (decisions 0032, 0036): links a card to the account, or pairs it with
// one of the holder's travellers (userId naming it). The account proves holding the card (its
// holder's birth date, or the code printed on it where the network hides the birth date), its tries
// counted (card-holding.ts), then the card's state is checked (MEDIA-04, MEDIA-05). An account makes
// a limited number of new links a day and holds a limited number on a network. A card live on
// another account is MEDIA_LINKED_ELSEWHERE, decided by the unique index over the network and number
// of live links, so of two links at once one wins; a link of another account made without proof
// gives way to one with it. A card removed earlier is linked again as a new link (MEDIA-03); linking
// a card the account already holds pairs it anew.
import type { Medium } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { type MediaLinkProof, type MediaLinkRow, mediaLinks } from '../../db/schema/media.ts';
import { users } from '../../db/schema/users.ts';
import { giveAttemptBack, type RateLimit, rateLimitKey, takeAttempt } from '../account/rate-limit.ts';
import { linkProvesHolding } from '../card-registry/link-proof.ts';
import { checkHeldCard, type HoldingCheck, type HoldingProof, requireProof } from './card-holding.ts';
import { listMedia, type MediaContext, mediumOf } from './list-media.ts';

/** New links one account makes on one network in a day. */
export const LINKS_PER_DAY: RateLimit = { name: 'card-links', maxHits: 5, windowMinutes: 24 * 60 };
/** Live links one account holds on one network, its travellers' included. */
export const LIVE_LINKS_MAX = 10;

const notTheAccounts = () => new AppError('FORBIDDEN', { message: 'Not one of the account’s travellers' });

/** The traveller profile a holder names, or null when they name themselves. */
async function pairedProfile(context: MediaContext, userId: number): Promise<number | null> {
  const { user } = context;
  if (userId === user.id) return null;
  const [profile] = await context.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.parentUserId, user.id),
        eq(users.active, true),
        ne(users.status, 'ANONYMISED'),
      ),
    )
    .limit(1);
  if (!profile) throw notTheAccounts();
  return profile.id;
}

/** The live link of a card on the network, if any. */
async function liveLinkOf(context: MediaContext, number: string): Promise<MediaLinkRow | undefined> {
  const [link] = await context.db
    .select()
    .from(mediaLinks)
    .where(
      and(
        eq(mediaLinks.networkId, context.network.network.config.id),
        eq(mediaLinks.number, number),
        isNull(mediaLinks.removedAt),
      ),
    )
    .limit(1);
  return link;
}

/** Room for one more link of the account on the network, in total and today; the day's count taken. */
async function takeLinkRoom(context: MediaContext): Promise<{ giveBack(): Promise<void> }> {
  const { db, user } = context;
  const networkId = context.network.network.config.id;
  const [live] = await db
    .select({ links: count() })
    .from(mediaLinks)
    .where(
      and(eq(mediaLinks.networkId, networkId), eq(mediaLinks.userId, user.id), isNull(mediaLinks.removedAt)),
    );
  if ((live?.links ?? 0) >= LIVE_LINKS_MAX) throw new AppError('MEDIA_LINKS_TOO_MANY');
  const key = rateLimitKey(LINKS_PER_DAY, networkId, String(user.id));
  const attempt = await takeAttempt(db, LINKS_PER_DAY, key);
  if (!attempt.allowed) {
    throw new AppError('MEDIA_LINKS_TODAY_EXHAUSTED', {
      details: { retryAfterSeconds: attempt.retryAfterSeconds },
    });
  }
  return { giveBack: () => giveAttemptBack(db, LINKS_PER_DAY, key) };
}

/** Stores the link, or pairs the account's own live link anew; answers it and whether it is new. */
async function storeLink(
  context: MediaContext,
  values: { profileId: number | null; number: string; providerId: string; proof: MediaLinkProof },
): Promise<{ link: MediaLinkRow; made: boolean }> {
  const { db, user, network, now } = context;
  const networkId = network.network.config.id;
  // A link removed between the insert and the read leaves the card free: try again once.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [made] = await db
      .insert(mediaLinks)
      .values({ networkId, userId: user.id, linkedAt: now, ...values })
      .onConflictDoNothing()
      .returning();
    if (made) return { link: made, made: true };
    const live = await liveLinkOf(context, values.number);
    if (live && live.userId !== user.id) {
      if (linkProvesHolding(live, network)) throw new AppError('MEDIA_LINKED_ELSEWHERE');
      // Made without proof, it gives way to a link that has one (decision 0036).
      await db
        .update(mediaLinks)
        .set({ removedAt: now })
        .where(and(eq(mediaLinks.id, live.id), isNull(mediaLinks.removedAt)));
      continue;
    }
    if (live) {
      const [paired] = await db
        .update(mediaLinks)
        .set({ profileId: values.profileId, proof: values.proof })
        .where(and(eq(mediaLinks.id, live.id), isNull(mediaLinks.removedAt)))
        .returning();
      if (paired) return { link: paired, made: false };
    }
  }
  throw new Error('the card link was not stored');
}

export async function registerMedia(
  context: MediaContext &
    Pick<HoldingCheck, 'mailer' | 'logger' | 'shopPort' | 'jobs'> & {
      userId: number;
      number: string;
      proof: HoldingProof;
      clientAddress: string;
    },
): Promise<{ medias: Medium[]; media: Medium }> {
  const { user, network } = context;
  // Guests have no cards; only the holder links the account's cards.
  if (user.status === 'GUEST' || user.parentUserId !== null) throw notTheAccounts();
  const profileId = await pairedProfile(context, context.userId);
  requireProof(network, context.proof);
  const own = await liveLinkOf(context, context.number);
  // Pairing a card the account holds again makes no new link.
  const room = own?.userId === user.id ? null : await takeLinkRoom(context);
  let stored: { link: MediaLinkRow; made: boolean };
  let card: Awaited<ReturnType<typeof checkHeldCard>>['card'];
  try {
    const held = await checkHeldCard({
      ...context,
      accountId: user.id,
      number: context.number,
      proof: context.proof,
    });
    card = held.card;
    stored = await storeLink(context, {
      profileId,
      number: card.number,
      providerId: card.providerId,
      proof: held.proof,
    });
  } catch (error) {
    await room?.giveBack();
    throw error;
  }
  if (!stored.made) await room?.giveBack();

  const { link } = stored;
  const { medias } = await listMedia(context);
  const media = medias.find((medium) => medium.id === link.id) ?? (await mediumOf(context, link, card));
  return { medias, media };
}
