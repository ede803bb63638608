// A later instalment debited on its due date (PAY-02, decision 0019): the charge-instalment job
// moves it from SCHEDULED to PENDING with a payment row, then asks the provider to charge the
// saved method with that payment's id as idempotency key (a retried job charges once). The
// provider's notification, or its status read when none came (charge-reads.ts), marks it PAID or
// FAILED (the order then REGULARIZATION).
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import { and, eq, lte } from 'drizzle-orm';
import { orders } from '../../../db/schema/orders.ts';
import { instalments, payments, savedPaymentMethods } from '../../../db/schema/payments.ts';
import { type CheckoutDeps, notifyUrlOf } from '../checkout-deps.ts';
import { recordChargeSent } from './charge-reads.ts';
import { moveOrder, recordOrderEvent } from './finalise-order.ts';

export async function chargeInstalment(deps: CheckoutDeps, instalmentId: number): Promise<void> {
  const now = deps.clock.now();
  const prepared = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ instalment: instalments, order: orders })
      .from(instalments)
      .innerJoin(orders, eq(orders.id, instalments.orderId))
      .where(eq(instalments.id, instalmentId))
      .for('update')
      .limit(1);
    if (!row) return null;
    const { instalment, order } = row;
    if (instalment.paymentId) {
      // Started by an earlier run of this job: the same payment is charged again (idempotent).
      const [payment] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, instalment.paymentId))
        .limit(1);
      return payment && payment.status === 'OPEN' && !payment.providerPaymentId
        ? { instalment, order, payment }
        : null;
    }
    if (instalment.status !== 'SCHEDULED') return null;
    if (instalment.savedPaymentMethodId === null || order.paymentMethod === null) {
      await tx
        .update(instalments)
        .set({ status: 'FAILED', updatedAt: now })
        .where(eq(instalments.id, instalment.id));
      const moved = await moveOrder(tx, order.id, ['COMPLETED'], 'REGULARIZATION', now);
      await recordOrderEvent(tx, order.id, 'INSTALMENT_FAILED', moved?.status ?? order.status, now);
      return null;
    }
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        instalmentNumber: instalment.number,
        provider: deps.payments.name,
        kind: 'CHARGE',
        method: order.paymentMethod,
        amount: instalment.amount,
        currency: order.currency,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error('an instalment payment was not stored');
    await tx
      .update(instalments)
      .set({ status: 'PENDING', paymentId: payment.id, updatedAt: now })
      .where(eq(instalments.id, instalment.id));
    return { instalment, order, payment };
  });
  if (!prepared) return;
  const { instalment, order, payment } = prepared;
  const [method] = await deps.db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.id, instalment.savedPaymentMethodId ?? 0))
    .limit(1);
  if (!method) throw new Error(`the saved method of instalment ${instalment.id} is gone`);
  const charge = await deps.payments.chargeSavedMethod({
    methodToken: method.providerToken,
    purpose: 'instalment',
    merchantReference: payment.id,
    amount: payment.amount,
    currency: payment.currency,
    description: `#${order.id} ${instalment.number}/${order.installments}`,
    notifyUrl: notifyUrlOf(deps),
  });
  await recordChargeSent(deps.db, {
    paymentId: payment.id,
    providerPaymentId: charge.paymentId,
    now: deps.clock.now(),
  });
}

/** The date (YYYY-MM-DD) an instant falls on in a time zone. */
export const localDate = (instant: Date, timeZone: string) => networkToday(timeZone, instant);

/**
 * The sweep behind the per-instalment jobs: every instalment still SCHEDULED on or after its due
 * date (network time) is charged, so a debit whose job was never queued (the process stopped
 * between the commit and the queue) is still taken. Charging twice is harmless: chargeInstalment
 * moves each instalment once and the provider answers a repeated charge once.
 */
export async function chargeDueInstalments(deps: CheckoutDeps): Promise<number> {
  const now = deps.clock.now();
  // No time zone is more than a day ahead of UTC: the candidates, then each one's own date.
  const horizon = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
  const due = await deps.db
    .select({ id: instalments.id, dueDate: instalments.dueDate, networkId: orders.networkId })
    .from(instalments)
    .innerJoin(orders, eq(orders.id, instalments.orderId))
    .where(and(eq(instalments.status, 'SCHEDULED'), lte(instalments.dueDate, horizon)));
  let charged = 0;
  for (const row of due) {
    const network = deps.networks.settlingById(row.networkId);
    if (!network || row.dueDate > localDate(now, network.network.config.timeZone)) continue;
    try {
      await chargeInstalment(deps, row.id);
      charged += 1;
    } catch (error) {
      deps.logger.error({ err: error, instalmentId: row.id }, 'a due instalment could not be charged');
    }
  }
  return charged;
}
