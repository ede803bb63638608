// The card a PHYSICAL order line is loaded on (decision 0032): linked to the buyer's account, the
// line's traveller's by the rule the product page offers cards by (the holder's own card is paired
// with nobody, a profile's is paired with that profile), and usable now. Anything else is refused
// with its MEDIA_* code: another customer's card, one removed or another traveller's is
// MEDIA_NOT_FOUND, whoever's it is. A replacement card's line names the card it replaces instead.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isTravellersCard } from '@transit-shop/sdk/media/card-for-traveller';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type MediaLinkRow, mediaLinks } from '../../db/schema/media.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { askRegistry, checkCardState } from '../card-registry/card-checks.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import { accountIdOf } from './list-media.ts';

export async function checkCardForOrderLine(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  user: UserRow;
  mediaId: number;
  /** The line's traveller: the holder (null or their id) or one of their profiles. */
  customerId: number | null;
  /**
   * A replacement card's line: its card is the one it replaces, which must have an incident or be
   * blocked (else MEDIA_NOT_FOUND: there is nothing to replace).
   */
  replacing?: boolean;
  now: Date;
}): Promise<MediaLinkRow> {
  const { db, network, user } = options;
  if (user.status === 'GUEST') throw new AppError('MEDIA_NOT_FOUND');
  const networkId = network.network.config.id;
  const traveller = options.customerId ?? user.id;
  const [link] = await db
    .select()
    .from(mediaLinks)
    .where(
      and(
        eq(mediaLinks.id, options.mediaId),
        eq(mediaLinks.networkId, networkId),
        eq(mediaLinks.userId, accountIdOf(user)),
        isNull(mediaLinks.removedAt),
      ),
    )
    .limit(1);
  if (!link || !isTravellersCard(link, { id: traveller, holder: traveller === accountIdOf(user) }))
    throw new AppError('MEDIA_NOT_FOUND');
  const card = await askRegistry(() => options.cards.findCard(networkId, link.number));
  if (options.replacing) {
    if (!card) throw new AppError('MEDIA_NOT_RECOGNISED');
    if (card.incident || card.status === 'INCIDENT' || card.status === 'BLOCKED') return link;
    throw new AppError('MEDIA_NOT_FOUND');
  }
  checkCardState(card, network, options.now);
  return link;
}
