// Order/computeAmount.json: the verified cart at the payment step, where every voucher must apply
// (CART-10) and the chosen instalments and method must be shared by every article (PAY-04), with
// the plan of debits (PAY-02).

import type { PaymentMethod } from '@transit-shop/sdk/contract/catalogue';
import type { ComputeAmountAnswer } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { isErrorCode } from '@transit-shop/sdk/errors/error-codes';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import type { SessionRow } from '../../../db/schema/sessions.ts';
import type { UserRow } from '../../../db/schema/users.ts';
import { instalmentSchedule } from './instalment-schedule.ts';
import { refusal } from './price-cart.ts';
import { type CartRequest, priceOrder } from './price-order.ts';

export async function computeAmount(options: {
  db: Database;
  clock: Clock;
  network: LoadedNetwork;
  user: UserRow | null;
  session?: Pick<SessionRow, 'authProviderId'> | null | undefined;
  request: CartRequest & { installments: number; paymentMethod: PaymentMethod };
}): Promise<ComputeAmountAnswer> {
  const { request } = options;
  const { answer } = await priceOrder(options);
  const position = answer.discounts.findIndex((discount) => discount.error !== null);
  const failed = answer.discounts[position]?.error;
  if (failed && isErrorCode(failed.code)) {
    throw new AppError(failed.code, {
      details: { issues: [{ path: `vouchers.${position}`, message: failed.code }] },
    });
  }
  if (!answer.paymentOptions.installments.includes(request.installments))
    throw refusal('INCOMPATIBLE_INSTALLMENTS', 'installments');
  if (!answer.paymentOptions.paymentMethods.includes(request.paymentMethod))
    throw refusal('INCOMPATIBLE_PAYMENT_METHODS', 'paymentMethod');
  return {
    ...answer,
    installments: request.installments,
    paymentMethod: request.paymentMethod,
    schedule: instalmentSchedule({
      totalAmount: answer.totalAmount,
      installments: request.installments,
      now: options.clock.now(),
      timeZone: options.network.network.config.timeZone,
    }),
  };
}
