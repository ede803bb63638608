// Account/unregisterMedia: removes one of the account's cards. The card stays valid on the network
// and may be linked again (MEDIA-03); another customer's card, or one already removed, is
// MEDIA_NOT_FOUND, whoever's it is.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq } from 'drizzle-orm';
import { mediaLinks } from '../../db/schema/media.ts';
import { callersLiveLinks, type MediaContext } from './list-media.ts';

export async function unregisterMedia(context: MediaContext & { mediaId: number }): Promise<void> {
  const [removed] = await context.db
    .update(mediaLinks)
    .set({ removedAt: context.now })
    .where(and(callersLiveLinks(context), eq(mediaLinks.id, context.mediaId)))
    .returning({ id: mediaLinks.id });
  if (!removed) throw new AppError('MEDIA_NOT_FOUND');
}
