// A card validated at a gate (decision 0032), as the demo plays it (`npm run cards:validate`): a new
// card on its way is in its holder's hands, so it is ACTIVE from then on (decision 0037), and every
// contract waiting on the card's live link is loaded now. A network's ticketing system reports its
// own loadings; the demo registry records them, and the shop's contracts read LOADED.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mediaLinks } from '../../db/schema/media.ts';
import { tickets } from '../../db/schema/tickets.ts';
import type { DemoCardRegistry } from './demo-card-registry.ts';

/** Loads the card's waiting contracts; answers their ids (none when nothing waits). */
export async function validateCard(options: {
  db: Database;
  registry: Pick<DemoCardRegistry, 'recordLoading' | 'recordValidation'>;
  networkId: number;
  /** As printed or typed: spaces and hyphens are dropped. */
  number: string;
  now: Date;
}): Promise<number[]> {
  const { db, networkId, now } = options;
  const number = options.number.replace(/[\s-]/g, '');
  await options.registry.recordValidation(networkId, number);
  const waiting = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(mediaLinks, eq(mediaLinks.id, tickets.mediaId))
    .where(
      and(
        eq(mediaLinks.networkId, networkId),
        eq(mediaLinks.number, number),
        isNull(mediaLinks.removedAt),
        eq(tickets.delivery, 'CARD'),
        eq(tickets.status, 'TO_LOAD'),
      ),
    )
    .orderBy(tickets.id);
  const ids = waiting.map((row) => row.id);
  if (ids.length === 0) return [];
  for (const id of ids) await options.registry.recordLoading(networkId, number, id, now);
  await db
    .update(tickets)
    .set({ status: 'LOADED', updatedAt: now })
    .where(and(inArray(tickets.id, ids), eq(tickets.status, 'TO_LOAD')));
  return ids;
}
