// Order/redeemVoucher.json: uses a voucher once for the signed-in customer on these articles. The
// checks of verify first, then, in one transaction, a conditional update that counts the use only
// while the total stays within maxUses (on PostgreSQL its row lock queues concurrent redemptions of
// the voucher, each re-checking the count the previous one left), the customer's own uses counted
// under that lock, and the redemption stored under the caller's key, so that a retry answers the
// same redemption without counting twice (decision 0017).
import type { Discount, RedemptionAnswer } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { voucherRedemptions, vouchers } from '../../../db/schema/vouchers.ts';
import { normaliseVoucherCode } from '../../vouchers/sync-vouchers.ts';
import type { CartRequest } from './price-order.ts';
import { priceOrder } from './price-order.ts';

const limitReached = () => new AppError('VOUCHER_LIMIT_REACHED');

/** The redemption stored under this key, answered again; another caller's or voucher's key is refused. */
async function answerStored(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  redemptionKey: string;
}): Promise<RedemptionAnswer | null> {
  const [stored] = await options.db
    .select({ redemption: voucherRedemptions, voucher: vouchers })
    .from(voucherRedemptions)
    .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
    .where(eq(voucherRedemptions.redemptionKey, options.redemptionKey))
    .limit(1);
  if (!stored) return null;
  if (
    stored.redemption.userId !== options.user.id ||
    stored.voucher.networkId !== options.network.network.config.id
  )
    throw new AppError('FORBIDDEN', { message: 'This redemption key belongs to another redemption' });
  const { voucher, redemption } = stored;
  return {
    redemptionKey: redemption.redemptionKey,
    code: voucher.code,
    discount: redemption.discount as Discount,
    redeemedAt: redemption.redeemedAt.toISOString(),
    usesLeft: voucher.maxUses === null ? null : Math.max(0, voucher.maxUses - voucher.uses),
  };
}

export async function redeemVoucher(options: {
  db: Database;
  clock: Clock;
  network: LoadedNetwork;
  user: UserRow;
  session?: Pick<SessionRow, 'authProviderId'> | null | undefined;
  request: Omit<CartRequest, 'vouchers' | 'userToken' | 'userId'> & {
    code: string;
    redemptionKey: string;
    lang?: Locale | undefined;
  };
}): Promise<RedemptionAnswer> {
  const { db, network, user, request } = options;
  const stored = await answerStored({ db, network, user, redemptionKey: request.redemptionKey });
  if (stored) return stored;

  const { answer } = await priceOrder({ ...options, request: { ...request, vouchers: [request.code] } });
  const [discount] = answer.discounts;
  if (!discount) throw new Error('a redemption prices one voucher');
  if (discount.error) {
    throw new AppError(isErrorCode(discount.error.code) ? discount.error.code : 'VOUCHER_NOT_APPLIED');
  }

  const code = normaliseVoucherCode(request.code);
  const redeemedAt = options.clock.now();
  try {
    return await db.transaction(async (tx) => {
      const [counted] = await tx
        .update(vouchers)
        .set({ uses: sql`${vouchers.uses} + 1` })
        .where(
          and(
            eq(vouchers.networkId, network.network.config.id),
            eq(vouchers.code, code),
            eq(vouchers.active, true),
            or(isNull(vouchers.maxUses), lt(vouchers.uses, vouchers.maxUses)),
          ),
        )
        .returning({
          id: vouchers.id,
          uses: vouchers.uses,
          maxUses: vouchers.maxUses,
          maxUsesPerCustomer: vouchers.maxUsesPerCustomer,
        });
      if (!counted) throw limitReached();
      if (counted.maxUsesPerCustomer !== null) {
        // Counted under the row lock the update holds: the customer's concurrent redemptions queue too.
        const [own] = await tx
          .select({ uses: count() })
          .from(voucherRedemptions)
          .where(and(eq(voucherRedemptions.voucherId, counted.id), eq(voucherRedemptions.userId, user.id)));
        if ((own?.uses ?? 0) >= counted.maxUsesPerCustomer) throw limitReached();
      }
      await tx.insert(voucherRedemptions).values({
        redemptionKey: request.redemptionKey,
        voucherId: counted.id,
        userId: user.id,
        amount: discount.amount,
        discount,
        redeemedAt,
      });
      return {
        redemptionKey: request.redemptionKey,
        code,
        discount,
        redeemedAt: redeemedAt.toISOString(),
        usesLeft: counted.maxUses === null ? null : counted.maxUses - counted.uses,
      };
    });
  } catch (error) {
    // The same key redeemed at the same moment by a double click: its first redemption is the answer.
    if (isUniqueViolation(error)) {
      const first = await answerStored({ db, network, user, redemptionKey: request.redemptionKey });
      if (first) return first;
    }
    throw error;
  }
}
