// Account/registerMedia.json (decision 0032): links a card to the account, or pairs it with one of
// the holder's traveller profiles (userId naming it). The card is checked in the decision's order
// (MEDIA-04, MEDIA-05); a card live on another account is MEDIA_LINKED_ELSEWHERE, decided by the
// unique index over the network and number of live links, so of two links at once one wins. A card
// removed earlier is linked again as a new link (MEDIA-03); linking a card the account already
// holds pairs it anew.
import type { Medium } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type MediaLinkRow, mediaLinks } from '../../db/schema/media.ts';
import { users } from '../../db/schema/users.ts';
import { askRegistry, checkUsableCard, requireBirthDate } from '../card-registry/card-checks.ts';
import { listMedia, type MediaContext, mediumOf } from './list-media.ts';

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

export async function registerMedia(
  context: MediaContext & { userId: number; number: string; birthDate: string | undefined },
): Promise<{ medias: Medium[]; media: Medium }> {
  const { db, user, network, now } = context;
  // Guests have no cards; only the holder links the account's cards.
  if (user.status === 'GUEST' || user.parentUserId !== null) throw notTheAccounts();
  const profileId = await pairedProfile(context, context.userId);
  requireBirthDate(network, context.birthDate);
  const networkId = network.network.config.id;
  const card = checkUsableCard({
    card: await askRegistry(() => context.cards.findCard(networkId, context.number)),
    birthDate: context.birthDate,
    network,
    now,
  });

  let link: MediaLinkRow | undefined;
  // A link removed between the insert and the read leaves the card free: try again once.
  for (let attempt = 0; attempt < 2 && !link; attempt += 1) {
    [link] = await db
      .insert(mediaLinks)
      .values({
        networkId,
        userId: user.id,
        profileId,
        number: card.number,
        providerId: card.providerId,
        linkedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (link) break;
    const live = await liveLinkOf(context, card.number);
    if (live && live.userId !== user.id) throw new AppError('MEDIA_LINKED_ELSEWHERE');
    if (live) {
      [link] = await db
        .update(mediaLinks)
        .set({ profileId })
        .where(and(eq(mediaLinks.id, live.id), isNull(mediaLinks.removedAt)))
        .returning();
    }
  }
  if (!link) throw new Error('the card link was not stored');

  const { medias } = await listMedia(context);
  const media = medias.find((medium) => medium.id === link.id) ?? (await mediumOf(context, link, card));
  return { medias, media };
}
