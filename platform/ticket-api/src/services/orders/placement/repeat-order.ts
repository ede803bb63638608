// The repeat-order question (decision 0021): an order of the same lines by the same buyer within
// REPEAT_ORDER_WINDOW_MINUTES of one they bought is placed only once the buyer confirms it, so a
// cart paid in one tab and paid again from another (or after a return the shop did not see) asks
// "You bought this N minutes ago: buy again?" before a second charge. Checked on the server, where
// no page can skip it.
import { REPEAT_ORDER_WINDOW_MINUTES } from '@transit-shop/sdk/contract/checkout';
import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { canonicalJson } from '@transit-shop/sdk/signing/canonical-string';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { orders } from '../../../db/schema/orders.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { sha256Hex } from '../../../security/tokens.ts';
import { emailKey } from '../../identity/sign-in-lockout.ts';
import { isGuest } from './checkout-rules.ts';

/** The statuses of an order the buyer has bought: paid, or a SEPA debit submitted (decision 0021). */
const BOUGHT_STATUSES = ['COMPLETED', 'PROCESSING', 'REGULARIZATION'] as const;

/**
 * Who buys: the signed-in account, or a guest by the invoice email (trimmed, lower-cased), since
 * each guest session is a user of its own and the same guest on another device is another session.
 */
export function buyerKeyOf(user: UserRow, invoiceEmail: string | null): string | null {
  if (!isGuest(user)) return `customer:${user.id}`;
  return invoiceEmail === null ? null : `guest:${sha256Hex(emailKey(invoiceEmail))}`;
}

/**
 * What makes two orders the same lines: for each article its shop item, support, the card it is
 * loaded on, the option sold with it, whether it is a subscription, its traveller (a customer's own
 * articles name the customer; a guest has no travellers) and its start as chosen, with the
 * quantities of identical articles added up and the order of the lines ignored. Vouchers, the
 * delivery address, the payment method and instalments do not make another purchase of them.
 */
export function linesKeyOf(user: UserRow, articles: readonly OrderArticle[]): string {
  const guest = isGuest(user);
  const quantities = new Map<string, number>();
  for (const article of articles) {
    const line = canonicalJson({
      shopItemId: article.shopItemId,
      support: article.support,
      mediaId: article.mediaId,
      optionShopItemId: article.optionShopItemId,
      isSubscription: article.isSubscription,
      traveller: guest ? null : (article.customerId ?? user.id),
      startMonth: article.startMonth,
      startDate: article.startDate,
      startTime: article.startTime,
      startOffset: article.startOffset,
    });
    quantities.set(line, (quantities.get(line) ?? 0) + article.quantity);
  }
  const lines = [...quantities].map(([line, quantity]) => `${line}*${quantity}`).sort();
  return sha256Hex(lines.join('\n'));
}

/**
 * Refuses with ORDER_ALREADY_BOUGHT (the whole minutes since, and when) when the buyer bought the
 * same lines on this network within the window, in another order than the one of this key. To the
 * session that placed that order (another tab of the same browser, decision 0039) it names the
 * order too, its number and reference, so the page shows that the cart was paid and where its
 * tickets are before it offers to buy again; another session of the same buyer (a guest known by
 * the email alone) is not given a reference that reads the order.
 */
export async function checkRepeatOrder(options: {
  db: Database;
  network: LoadedNetwork;
  /** The user of the session placing the order. */
  userId: number;
  buyerKey: string | null;
  linesKey: string;
  orderKey: string;
  now: Date;
}): Promise<void> {
  const { db, buyerKey, now } = options;
  if (buyerKey === null) return;
  const boughtAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.createdAt})`;
  const since = new Date(now.getTime() - REPEAT_ORDER_WINDOW_MINUTES * 60_000);
  const [earlier] = await db
    .select({
      boughtAt: boughtAt.mapWith(orders.createdAt),
      id: orders.id,
      userId: orders.userId,
      reference: orders.publicReference,
    })
    .from(orders)
    .where(
      and(
        eq(orders.networkId, options.network.network.config.id),
        eq(orders.buyerKey, buyerKey),
        eq(orders.linesKey, options.linesKey),
        inArray(orders.status, [...BOUGHT_STATUSES]),
        ne(orders.orderKey, options.orderKey),
        sql`${boughtAt} >= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(boughtAt))
    .limit(1);
  if (!earlier) return;
  const boughtMinutesAgo = Math.max(0, Math.floor((now.getTime() - earlier.boughtAt.getTime()) / 60_000));
  const sameSession = earlier.userId === options.userId;
  throw new AppError('ORDER_ALREADY_BOUGHT', {
    details: {
      boughtMinutesAgo,
      boughtAt: earlier.boughtAt.toISOString(),
      ...(sameSession ? { boughtOrderId: earlier.id, boughtOrderReference: earlier.reference } : {}),
    },
  });
}
