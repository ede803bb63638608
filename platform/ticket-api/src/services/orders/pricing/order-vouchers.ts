// An order's vouchers (decision 0019): redeemed when the order is placed, with keys derived from
// the order key, so a replay of the placement counts nothing twice; released when its payment is
// refused, cancelled or expires, so the use goes back to the voucher.
import { createHash } from 'node:crypto';
import type { OrderArticle } from '@transit-shop/sdk/contract/order';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { voucherRedemptions, vouchers } from '../../../db/schema/vouchers.ts';
import { normaliseVoucherCode } from '../../vouchers/sync-vouchers.ts';
import { redeemVoucher } from './redeem-voucher.ts';

/**
 * An order's key as the tables keyed by it alone hold it (voucher redemptions, collect
 * reservations): the client's key is unique per network and customer only, so another customer's
 * same key never reaches this order's redemptions or slot.
 */
export const scopedOrderKey = (order: { networkId: number; userId: number; orderKey: string }) =>
  `${order.networkId}:${order.userId}:${order.orderKey.toLowerCase()}`;

/** A UUID (version 8, RFC 9562) from SHA-256 of the scoped order key and the code. */
export function orderRedemptionKey(orderKey: string, code: string): string {
  const hex = createHash('sha256')
    .update(`${orderKey}:${normaliseVoucherCode(code)}`)
    .digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function redeemOrderVouchers(options: {
  db: Database;
  clock: Clock;
  network: LoadedNetwork;
  user: UserRow;
  /** The scoped order key (scopedOrderKey). */
  orderKey: string;
  codes: readonly string[];
  articles: readonly OrderArticle[];
  shippingFeeShopItemId: number | null;
  lang: Locale | undefined;
}): Promise<void> {
  for (const code of options.codes) {
    await redeemVoucher({
      db: options.db,
      clock: options.clock,
      network: options.network,
      user: options.user,
      request: {
        code,
        articles: options.articles,
        shippingFeeShopItemId: options.shippingFeeShopItemId,
        lang: options.lang,
        redemptionKey: orderRedemptionKey(options.orderKey, code),
      },
    });
  }
}

/** Gives each redemption of the order back to its voucher; a second release finds nothing to do. */
export async function releaseOrderVouchers(
  db: Database,
  orderKey: string,
  codes: readonly string[],
): Promise<void> {
  if (codes.length === 0) return;
  const released = await db
    .delete(voucherRedemptions)
    .where(
      inArray(
        voucherRedemptions.redemptionKey,
        codes.map((code) => orderRedemptionKey(orderKey, code)),
      ),
    )
    .returning({ voucherId: voucherRedemptions.voucherId });
  for (const { voucherId } of released) {
    await db
      .update(vouchers)
      .set({ uses: sql`${vouchers.uses} - 1` })
      .where(and(eq(vouchers.id, voucherId), gt(vouchers.uses, 0)));
  }
}
