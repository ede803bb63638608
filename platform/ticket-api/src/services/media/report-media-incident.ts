// Account/reportMediaIncident.json (MEDIA-06): a card of the account reported lost, stolen or
// damaged is blocked in the network's registry. The link stays, listed with status INCIDENT, so its
// contracts can be moved to another card; another customer's card is MEDIA_NOT_FOUND, and a link
// made without proof of holding the card cannot block it (MEDIA_HOLDING_NOT_PROVEN, decision 0036).
import type { IncidentKind } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq } from 'drizzle-orm';
import { mediaLinks } from '../../db/schema/media.ts';
import { askRegistry } from '../card-registry/card-checks.ts';
import { linkProvesHolding } from '../card-registry/link-proof.ts';
import { callersLiveLinks, type MediaContext } from './list-media.ts';

export async function reportMediaIncident(
  context: MediaContext & { mediaId: number; kind: IncidentKind },
): Promise<void> {
  const [link] = await context.db
    .select()
    .from(mediaLinks)
    .where(and(callersLiveLinks(context), eq(mediaLinks.id, context.mediaId)))
    .limit(1);
  if (!link) throw new AppError('MEDIA_NOT_FOUND');
  if (!linkProvesHolding(link, context.network)) throw new AppError('MEDIA_HOLDING_NOT_PROVEN');
  await askRegistry(() =>
    context.cards.reportIncident(link.networkId, link.number, context.kind, context.now),
  );
}
