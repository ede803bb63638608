// Applies one word of the provider about one payment (a notification, or the status read on the
// browser's return) in one transaction (decision 0019): the payment and its order are locked, then
// the event is recorded under its id, by the statement that moves the payment (on the condition
// that it was recorded), so a repeated one changes nothing; an event older than the last one
// applied is ignored; then the order or the instalment move, each guarded by its current status.
// Every path goes through here, so here too the provider's word is checked against the payment it
// names (decision 0022): an amount, currency, checkout or provider payment that is not the payment's
// is recorded as a mismatch, logged as an error, and moves nothing.
// A payment that succeeded for an order whose network is not loaded (decision 0025) is recorded as
// paid, and its order completed by the minute's sweep once the network is served again.
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { orders } from '../../../db/schema/orders.ts';
import {
  instalments,
  type PaymentMismatch,
  type PaymentMismatchField,
  type PaymentRow,
  paymentEvents,
  payments,
} from '../../../db/schema/payments.ts';
import { builtOnce, builtOncePerShape, placeholderRow, type Values } from '../../../hot-path/built-once.ts';
import type { Logger } from '../../../logger.ts';
import type { CardRegistry } from '../../card-registry/card-registry.ts';
import type { SavedMethodDetails } from '../../payments/payment-provider.ts';
import { applyRenewalRefusal } from '../subscriptions/renewal-refusal.ts';
import {
  type AfterCommit,
  completeOrder,
  failOrder,
  keepSavedMethod,
  moveOrder,
  nothingAfter,
  recordOrderEvent,
} from './finalise-order.ts';

export type PaymentOutcome = 'pending' | 'succeeded' | 'refused' | 'cancelled' | 'expired';

export type PaymentEvent = {
  /** The provider's event id, or a name built from what was read (ack:<checkout>:<status>:…). */
  id: string;
  provider: string;
  outcome: PaymentOutcome;
  /** The provider's sequence for this payment; null for a status read, which has none. */
  sequence: number | null;
  /** Our payment id (the provider's merchantReference). */
  merchantReference: string;
  checkoutId: string | null;
  providerPaymentId: string | null;
  /**
   * The amount (minor units) and currency the provider speaks of: they must be the payment's. Null
   * only for our own decision about a payment the provider never started.
   */
  money: { amount: number; currency: string } | null;
  reason: string | null;
  savedMethod: SavedMethodDetails | null;
  payload: unknown;
};

export type EventResult =
  | { kind: 'duplicate' }
  | { kind: 'unknown-payment' }
  | { kind: 'stale' }
  | { kind: 'mismatch'; paymentId: string; orderId: number; mismatch: PaymentMismatch }
  /** The payment is recorded as paid; its order completes once its network is loaded. */
  | { kind: 'awaiting-network'; orderId: number; networkId: number }
  | { kind: 'applied'; changed: boolean; orderId: number; timeZone: string; after: AfterCommit };

/** Ours: how soon the sweep looks again at a paid order whose network is not loaded. */
export const AWAITING_NETWORK_READ_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const PAYMENT_STATUS = {
  pending: 'PENDING',
  succeeded: 'SUCCEEDED',
  refused: 'REFUSED',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
} as const satisfies Record<PaymentOutcome, PaymentRow['status']>;

/** A payment moves forward only: OPEN → PENDING → an outcome, and an outcome is final. */
const MOVES_FROM: Record<PaymentOutcome, PaymentRow['status'][]> = {
  pending: ['OPEN'],
  succeeded: ['OPEN', 'PENDING'],
  refused: ['OPEN', 'PENDING'],
  cancelled: ['OPEN', 'PENDING'],
  expired: ['OPEN'],
};

const otherPayment = alias(payments, 'other_payment');

/** Another of our payments at this provider holding a provider id (unique), unless it is this one. */
const heldByAnother = (db: Database, column: 'providerCheckoutId' | 'providerPaymentId', value: string) =>
  sql<string | null>`(${db
    .select({ id: otherPayment.id })
    .from(otherPayment)
    .where(
      and(
        eq(otherPayment.provider, sql.placeholder('provider')),
        eq(otherPayment[column], sql.placeholder(value)),
        ne(otherPayment.id, payments.id),
      ),
    )
    .limit(1)})`;

/**
 * The payment of an event and its order, both locked: what the event does is known before it is
 * recorded; with the payment of ours, if any, that holds the checkout or provider payment it names.
 */
const lockedPaymentAndOrder = builtOnce('locked-payment-and-order', (db) =>
  db
    .select({
      payment: payments,
      order: orders,
      checkoutHeldBy: heldByAnother(db, 'providerCheckoutId', 'checkoutId'),
      providerPaymentHeldBy: heldByAnother(db, 'providerPaymentId', 'providerPaymentId'),
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(eq(payments.id, sql.placeholder('paymentId')), eq(payments.provider, sql.placeholder('provider'))),
    )
    .for('update')
    .limit(1),
);

/** The insert of an event, unless one of its id is recorded already: then it answers no row. */
function recordEventOf(db: Database, row: typeof paymentEvents.$inferInsert) {
  return db.insert(paymentEvents).values(row).onConflictDoNothing().returning({ id: paymentEvents.id });
}

const recordAndMovePayment = builtOncePerShape<PaymentRow[]>('record-event-and-move-payment');

/**
 * What in the event is not its payment's: the amount or currency (each payment row carries its own,
 * a later instalment's too), a checkout or provider payment other than the one recorded, or one
 * another payment of ours holds. Null when the event describes the payment.
 */
function mismatchOf(
  payment: PaymentRow,
  event: PaymentEvent,
  heldBy: { checkout: string | null; providerPayment: string | null },
): PaymentMismatch | null {
  const fields: PaymentMismatchField[] = [];
  if (event.money && event.money.amount !== payment.amount) fields.push('amount');
  if (event.money && event.money.currency !== payment.currency) fields.push('currency');
  const differs = (received: string | null, recorded: string | null, holder: string | null) =>
    received !== null && ((recorded !== null && received !== recorded) || holder !== null);
  if (differs(event.checkoutId, payment.providerCheckoutId, heldBy.checkout)) fields.push('checkoutId');
  if (differs(event.providerPaymentId, payment.providerPaymentId, heldBy.providerPayment))
    fields.push('providerPaymentId');
  if (fields.length === 0) return null;
  return {
    fields,
    expected: {
      amount: payment.amount,
      currency: payment.currency,
      checkoutId: payment.providerCheckoutId,
      providerPaymentId: payment.providerPaymentId,
    },
    received: {
      amount: event.money?.amount ?? null,
      currency: event.money?.currency ?? null,
      checkoutId: event.checkoutId,
      providerPaymentId: event.providerPaymentId,
    },
    heldBy: heldBy.checkout ?? heldBy.providerPayment,
  };
}

export async function applyPaymentEvent(options: {
  db: Database;
  /** Issues the cards a completed order bought. */
  cards: CardRegistry;
  clock: Clock;
  logger: Logger;
  networkOf: (networkId: number) => LoadedNetwork | undefined;
  event: PaymentEvent;
}): Promise<EventResult> {
  const { event, logger } = options;
  const result = await applyInTransaction(options);
  if (result.kind === 'mismatch') {
    logger.error(
      {
        eventId: event.id,
        provider: event.provider,
        outcome: event.outcome,
        merchantReference: event.merchantReference,
        paymentId: result.paymentId,
        orderId: result.orderId,
        mismatch: result.mismatch,
      },
      `a payment event does not match its payment (${result.mismatch.fields.join(', ')}); nothing was applied`,
    );
  } else if (result.kind === 'unknown-payment') {
    logger.warn(
      { eventId: event.id, provider: event.provider, merchantReference: event.merchantReference },
      'a payment event names no payment of ours',
    );
  }
  return result;
}

async function applyInTransaction(options: {
  db: Database;
  cards: CardRegistry;
  clock: Clock;
  networkOf: (networkId: number) => LoadedNetwork | undefined;
  event: PaymentEvent;
}): Promise<EventResult> {
  const { event, clock } = options;
  const now = clock.now();
  return options.db.transaction(async (tx) => {
    const reference = UUID.test(event.merchantReference) ? event.merchantReference.toLowerCase() : null;
    // Locked: no other event of the payment is applied meanwhile.
    const [found] = reference
      ? await lockedPaymentAndOrder(tx, {
          paymentId: reference,
          provider: event.provider,
          checkoutId: event.checkoutId,
          providerPaymentId: event.providerPaymentId,
        })
      : [];
    const mismatch = found
      ? mismatchOf(found.payment, event, {
          checkout: found.checkoutHeldBy,
          providerPayment: found.providerPaymentHeldBy,
        })
      : null;
    const stale =
      found !== undefined && event.sequence !== null && event.sequence <= found.payment.lastEventSequence;
    // The guard of the payment's update below, on the row it locked.
    const moves =
      found !== undefined && !mismatch && !stale && MOVES_FROM[event.outcome].includes(found.payment.status);

    // Recorded under its id first of all changes: a repeated event changes nothing.
    const eventRow = {
      id: event.id,
      provider: event.provider,
      paymentId: found?.payment.id ?? null,
      type: event.outcome,
      sequence: event.sequence,
      applied: moves,
      payload: event.payload,
      receivedAt: now,
    };
    const network = found ? options.networkOf(found.order.networkId) : undefined;
    // Completing an order needs its network (tickets, invoice, time zone); every other move does not.
    const awaitingNetwork =
      found !== undefined &&
      moves &&
      !network &&
      event.outcome === 'succeeded' &&
      found.payment.instalmentNumber === 1;

    let moved: PaymentRow | undefined;
    if (moves) {
      // The move in the statement that records the event, on its condition: under the payment's
      // lock only a repeated event leaves the payment where it was.
      // Built once per shape: the outcome (which statuses it moves from) and the values given.
      const values: Values = { paymentId: found.payment.id };
      const recordedRow = placeholderRow('e_', eventRow, values);
      const move = placeholderRow(
        's_',
        {
          status: PAYMENT_STATUS[event.outcome],
          reason: event.reason,
          ...(event.providerPaymentId ? { providerPaymentId: event.providerPaymentId } : {}),
          ...(event.sequence !== null ? { lastEventSequence: event.sequence } : {}),
          // An outcome: nothing left for the sweep of abandoned checkouts to read, unless the
          // order waits for its network.
          ...(event.outcome !== 'pending'
            ? {
                checkoutCheckAt: awaitingNetwork ? new Date(now.getTime() + AWAITING_NETWORK_READ_MS) : null,
              }
            : {}),
          updatedAt: now,
        },
        values,
      );
      [moved] = await recordAndMovePayment(
        tx,
        `${event.outcome}${recordedRow.shape}${move.shape}`,
        () => {
          const recorded = tx.$with('recorded_event').as(recordEventOf(tx, recordedRow.row));
          return tx
            .with(recorded)
            .update(payments)
            .set(move.row)
            .where(
              and(
                eq(payments.id, sql.placeholder('paymentId')),
                inArray(payments.status, MOVES_FROM[event.outcome]),
                sql`exists (select 1 from ${recorded})`,
              ),
            )
            .returning();
        },
        values,
      );
      if (!moved) return { kind: 'duplicate' } as const;
    } else {
      const [recorded] = await recordEventOf(tx, { ...eventRow, mismatch });
      if (!recorded) return { kind: 'duplicate' } as const;
      if (!found) return { kind: 'unknown-payment' } as const;
      // Neither the payment nor its order moves: a later event that matches can still settle them.
      if (mismatch)
        return { kind: 'mismatch', paymentId: found.payment.id, orderId: found.order.id, mismatch } as const;
      if (stale) return { kind: 'stale' } as const;
      if (event.sequence !== null) {
        // An outcome already known (read on the browser's return first): keep the sequence anyway.
        await tx
          .update(payments)
          .set({ lastEventSequence: event.sequence, updatedAt: now })
          .where(eq(payments.id, found.payment.id));
      }
    }
    if (!found) return { kind: 'unknown-payment' } as const;
    const { payment, order } = found;
    const changed = moved !== undefined;

    let after = nothingAfter();
    // A method saved by this payment is kept even when the outcome itself was already applied.
    const savedMethodId =
      event.outcome === 'succeeded' && event.savedMethod
        ? await keepSavedMethod(tx, order, event.provider, event.savedMethod, now)
        : null;

    if (moved && payment.instalmentNumber === 1) {
      if (event.outcome === 'pending') {
        if (await moveOrder(tx, order.id, ['PENDING'], 'PROCESSING', now))
          await recordOrderEvent(tx, order.id, 'PAYMENT_PENDING', 'PROCESSING', now);
      } else if (event.outcome === 'succeeded') {
        if (!network)
          return { kind: 'awaiting-network', orderId: order.id, networkId: order.networkId } as const;
        after = await completeOrder({
          db: tx,
          cards: options.cards,
          network,
          order,
          payment: moved,
          savedMethodId,
          now,
          paymentEvent: { type: 'PAYMENT_SUCCEEDED', status: order.status },
        });
      } else {
        // A renewal's charge refused keeps its order waiting for the next try (decision 0043).
        const renewal = await applyRenewalRefusal(tx, {
          orderId: order.id,
          reason: event.reason ?? event.outcome,
          network,
          now,
        });
        if (renewal) {
          if (renewal.mail) after.subscriptionMails.push(renewal.mail);
          return { kind: 'applied', changed, orderId: order.id, timeZone: 'UTC', after } as const;
        }
        const to = event.outcome === 'refused' ? 'ERROR' : 'CANCELED';
        const type =
          event.outcome === 'refused'
            ? 'PAYMENT_REFUSED'
            : event.outcome === 'expired'
              ? 'PAYMENT_EXPIRED'
              : 'PAYMENT_CANCELLED';
        await failOrder({ db: tx, order, to, event: type, now });
      }
    } else if (moved) {
      await applyToInstalment(tx, moved, event.outcome, order.id, now);
    }
    return {
      kind: 'applied',
      changed,
      orderId: order.id,
      // Nothing after a move that needs no network: the time zone only places later debits.
      timeZone: network?.network.config.timeZone ?? 'UTC',
      after,
    } as const;
  });
}

/** A later instalment's charge: PAID, or FAILED and the order REGULARIZATION (the debt to settle). */
async function applyToInstalment(
  db: Database,
  payment: PaymentRow,
  outcome: PaymentOutcome,
  orderId: number,
  now: Date,
): Promise<void> {
  const where = and(eq(instalments.orderId, orderId), eq(instalments.number, payment.instalmentNumber));
  if (outcome === 'pending') {
    await db.update(instalments).set({ status: 'PENDING', updatedAt: now }).where(where);
    return;
  }
  if (outcome === 'succeeded') {
    await db.update(instalments).set({ status: 'PAID', paidAt: now, updatedAt: now }).where(where);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    await recordOrderEvent(db, orderId, 'INSTALMENT_PAID', order?.status ?? 'COMPLETED', now);
    return;
  }
  await db.update(instalments).set({ status: 'FAILED', updatedAt: now }).where(where);
  const regularising = await moveOrder(db, orderId, ['COMPLETED'], 'REGULARIZATION', now);
  await recordOrderEvent(db, orderId, 'INSTALMENT_FAILED', regularising?.status ?? 'REGULARIZATION', now);
}
