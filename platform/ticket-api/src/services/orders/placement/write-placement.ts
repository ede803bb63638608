// Writes a placement: the one statement of write-placed-order.ts alone, or in one transaction with
// its collect place, its voucher redemptions or the completion of a free order.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { OrderRow } from '../../../db/schema/orders.ts';
import type { PaymentRow } from '../../../db/schema/payments.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { reserveCollectSlot } from '../../collect/reserve-collect-slot.ts';
import type { CheckoutDeps } from '../checkout-deps.ts';
import { type AfterCommit, completeOrder, nothingAfter } from '../payment-outcome/finalise-order.ts';
import { redeemOrderVouchers, scopedOrderKey } from '../pricing/order-vouchers.ts';
import type { PlaceOrderRequest } from './place-order-request.ts';
import { type PlacedOrderRows, writePlacedOrder } from './write-placed-order.ts';

/** The order's key was placed already: the placing transaction is given up. */
class OrderKeyPlaced extends Error {}

/**
 * Writes the placement: one statement, or with its collect place, its voucher redemptions or the
 * completion of a free order, one transaction. Null when the key was placed already.
 */
export async function writePlacement(options: {
  deps: CheckoutDeps;
  network: LoadedNetwork;
  user: UserRow;
  request: PlaceOrderRequest;
  rows: PlacedOrderRows;
  now: Date;
}): Promise<{ order: OrderRow; payment: PaymentRow | null; after: AfterCommit } | null> {
  const { deps, network, user, request, rows, now } = options;
  const config = network.network.config;
  const collect = request.delivery?.mode === 'COLLECT' ? request.delivery : null;
  // Only a collect place, vouchers or a completion make a transaction of the placement.
  return !collect && request.vouchers.length === 0 && rows.payment
    ? await writePlacedOrder(deps.db, rows).then(
        (written) => written && { ...written, after: nothingAfter() },
      )
    : await deps.db
        .transaction(async (tx) => {
          const written = await writePlacedOrder(tx, rows);
          if (!written) throw new OrderKeyPlaced();
          const { order, payment } = written;
          if (collect) {
            // CHK-05, CHK-06: one place of the slot, held until the payment fails or is cancelled.
            await reserveCollectSlot(tx, {
              network: config,
              siteId: collect.siteId,
              slotStart: collect.slotStart,
              orderKey: scopedOrderKey(order),
              now,
            }).catch((error: unknown) => {
              if (error instanceof AppError && error.code === 'INVALID_REQUEST')
                throw new AppError('INVALID_REQUEST', {
                  message: error.message,
                  details: {
                    issues: [{ path: 'delivery.slotStart', message: VALIDATION_MESSAGES.invalid }],
                  },
                });
              throw error;
            });
          }
          await redeemOrderVouchers({
            db: tx,
            clock: deps.clock,
            network,
            user,
            orderKey: scopedOrderKey(order),
            codes: request.vouchers,
            articles: request.articles,
            shippingFeeShopItemId: request.shippingFeeShopItemId,
            lang: request.lang,
          });
          const after: AfterCommit = payment
            ? nothingAfter()
            : await completeOrder({
                db: tx,
                cards: deps.cards,
                network,
                order,
                payment: null,
                savedMethodId: null,
                now,
              });
          return { order, payment, after };
        })
        .catch((error: unknown) => {
          if (error instanceof OrderKeyPlaced) return null;
          throw error;
        });
}
