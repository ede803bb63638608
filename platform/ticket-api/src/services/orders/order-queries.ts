// Order/getOrders.json and Order/history.json: the caller's orders on the call's network, newest
// first, and one of them with its lines, payments, instalments and events. Another customer's
// order, or one of another network, is not found (a query never crosses networks). Instants are
// on the network's clock (decision 0038).
import type { OrderDetail, OrderSummary } from '@transit-shop/sdk/contract/checkout';
import type { Discount } from '@transit-shop/sdk/contract/order';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { DEFAULT_LOCALE, isLocale } from '@transit-shop/sdk/locales';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type OrderRow, orderEvents, orderLines, orders } from '../../db/schema/orders.ts';
import { instalments, payments } from '../../db/schema/payments.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { CardRegistry } from '../card-registry/card-registry.ts';
import { ticketsOfOrder, ticketsOfOrders } from '../tickets/order-tickets.ts';

/** An order as the customer's list shows it, with what it issued. */
export function toOrderSummary(
  order: OrderRow,
  tickets: OrderSummary['tickets'],
  timeZone: string,
): OrderSummary {
  return {
    orderId: order.id,
    networkId: order.networkId,
    status: order.status,
    processStatus: order.processStatus,
    originType: order.originType,
    createdAt: networkInstantText(order.createdAt, timeZone),
    currency: order.currency,
    totalAmount: order.totalAmount,
    paymentMethod: order.paymentMethod,
    installments: order.installments,
    invoiceNumber: order.invoiceNumber,
    tickets,
  };
}

const ownOrder = (network: LoadedNetwork, user: UserRow) =>
  and(eq(orders.networkId, network.network.config.id), eq(orders.userId, user.id));

export async function getOrders(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  user: UserRow;
  page: number;
  pageSize: number;
}): Promise<{ orders: OrderSummary[]; page: number; pageSize: number; total: number }> {
  const { db, network, user, page, pageSize } = options;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(ownOrder(network, user))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(ownOrder(network, user)),
  ]);
  const issued = await ticketsOfOrders(
    db,
    network,
    rows.map((row) => row.id),
    options.cards,
  );
  return {
    orders: rows.map((row) => toOrderSummary(row, issued.get(row.id) ?? [], network.network.config.timeZone)),
    page,
    pageSize,
    total: counted?.total ?? 0,
  };
}

/** The caller's order on this network, or ORDER_NOT_FOUND. */
export async function findOwnOrder(
  db: Database,
  network: LoadedNetwork,
  user: UserRow,
  orderId: number,
): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(ownOrder(network, user), eq(orders.id, orderId)))
    .limit(1);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

export async function orderHistory(options: {
  db: Database;
  cards: CardRegistry;
  network: LoadedNetwork;
  user: UserRow;
  orderId: number;
}): Promise<{ order: OrderDetail }> {
  const { db } = options;
  const { timeZone } = options.network.network.config;
  const at = (instant: Date) => networkInstantText(instant, timeZone);
  const order = await findOwnOrder(db, options.network, options.user, options.orderId);
  const [lines, paid, plan, events, issued] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.position)),
    db.select().from(payments).where(eq(payments.orderId, order.id)).orderBy(asc(payments.createdAt)),
    db.select().from(instalments).where(eq(instalments.orderId, order.id)).orderBy(asc(instalments.number)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id)),
    ticketsOfOrder(db, options.network, order, options.cards),
  ]);
  return {
    order: {
      ...toOrderSummary(order, issued, timeZone),
      subtotalAmount: order.subtotalAmount,
      discountAmount: order.discountAmount,
      lang: isLocale(order.lang) ? order.lang : DEFAULT_LOCALE,
      delivery: order.delivery,
      discounts: order.discounts as Discount[],
      lines: lines.map((line) => ({
        kind: line.kind,
        shopItemId: line.shopItemId,
        productIds: line.productIds,
        label: line.label,
        support: line.support === 'PHYSICAL' || line.support === 'DEMATERIALIZED' ? line.support : null,
        customerId: line.customerId,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        amount: line.amount,
        discountAmount: line.discountAmount,
        totalAmount: line.totalAmount,
        vatRateBasisPoints: line.vatRateBasisPoints,
        startMonth: line.startMonth,
        startingAt: line.startingAt ? at(line.startingAt) : null,
      })),
      payments: paid.map((payment) => ({
        paymentId: payment.id,
        instalmentNumber: payment.instalmentNumber,
        method: payment.method,
        amount: payment.amount,
        status: payment.status,
        reason: payment.reason,
        createdAt: at(payment.createdAt),
        updatedAt: at(payment.updatedAt),
      })),
      instalments: plan.map((instalment) => ({
        number: instalment.number,
        dueDate: instalment.dueDate,
        amount: instalment.amount,
        status: instalment.status,
        paidAt: instalment.paidAt ? at(instalment.paidAt) : null,
      })),
      events: events.map((event) => ({ type: event.type, status: event.status, at: at(event.at) })),
      updatedAt: at(order.updatedAt),
    },
  };
}
