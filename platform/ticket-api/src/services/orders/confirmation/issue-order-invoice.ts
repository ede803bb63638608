// The invoice of a paid order, issued inside the transaction that completes it (decisions 0019,
// 0020) by the invoice module: the network's next number and the document built from the order as
// sold (lines with the period each covers and whom it is for, discounts, payment, instalments,
// collect slot), kept so that it is drawn again unchanged; the number is written on the order by
// the same statement. An order with nothing to pay gets no invoice.
import { validityPeriodOf } from '@transit-shop/sdk/catalogue/validity-period';
import type { Discount } from '@transit-shop/sdk/contract/order';
import { DEFAULT_LOCALE, isLocale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import { type OrderRow, orderLines, orders } from '../../../db/schema/orders.ts';
import { users } from '../../../db/schema/users.ts';
import { collectSiteOf } from '../../collect/collect-site.ts';
import { type InvoiceOrderData, invoiceSellerOf } from '../../invoices/build-invoice-document.ts';
import { issueInvoice } from '../../invoices/issue-invoice.ts';
import { instalmentSchedule } from '../pricing/instalment-schedule.ts';

function buyerOf(order: OrderRow) {
  const { buyer, delivery } = order;
  const shipping = delivery?.mode === 'SHIPPING' ? delivery.address : null;
  const email = buyer.invoiceEmail ?? buyer.email ?? '-';
  const fullName = [buyer.firstName, buyer.lastName].filter(Boolean).join(' ').trim();
  return {
    name: shipping?.fullname || fullName || email,
    email,
    address: shipping
      ? {
          addressRoute: shipping.addressRoute,
          addressPostalCode: shipping.addressPostalCode,
          addressCity: shipping.addressCity,
          addressState: shipping.addressState,
        }
      : null,
  };
}

/** An order line as its invoice needs it: as sold, its start, and the name of whom it is for. */
export type InvoiceLineOfOrder = {
  label: string;
  quantity: number;
  unitPrice: number;
  vatRate: number;
  shopItemId: number;
  startMonth: string | null;
  /** As JSON writes a timestamp: ISO with an offset. */
  startingAt: string | null;
  /** The holder's or traveller profile's name as it is when the invoice is issued. */
  traveller: string | null;
};

/**
 * The order's lines as its invoice lists them, for a statement on `orders` that reads them with the
 * order (its id named with the table: a statement's own columns may be written without it).
 */
export const invoiceLinesOfOrder = sql<InvoiceLineOfOrder[]>`(
  select coalesce(json_agg(json_build_object(
    'label', ${orderLines.label}, 'quantity', ${orderLines.quantity},
    'unitPrice', ${orderLines.unitPrice}, 'vatRate', coalesce(${orderLines.vatRateBasisPoints}, 0),
    'shopItemId', ${orderLines.shopItemId}, 'startMonth', ${orderLines.startMonth},
    'startingAt', ${orderLines.startingAt},
    'traveller', (select nullif(btrim(concat_ws(' ', ${users.firstName}, ${users.lastName})), '')
      from ${users} where ${users.id} = ${orderLines.customerId})
  ) order by ${orderLines.position}), '[]'::json)
  from ${orderLines} where ${orderLines.orderId} = ${orders}.${sql.identifier(orders.id.name)})`;

/** An order line on the invoice: the period its product covers (its item's pivot, now) and its traveller. */
function invoiceLineOf(line: InvoiceLineOfOrder, network: LoadedNetwork): InvoiceOrderData['lines'][number] {
  const item = network.catalogue.shopItems.find((candidate) => candidate.shopItemId === line.shopItemId);
  return {
    label: line.label,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    vatRate: line.vatRate,
    period: item
      ? validityPeriodOf(
          item,
          {
            startMonth: line.startMonth,
            startingAt: line.startingAt === null ? null : new Date(line.startingAt).toISOString(),
          },
          network.network.config.timeZone,
        )
      : null,
    traveller: line.traveller,
  };
}

export async function issueOrderInvoice(options: {
  db: Database;
  network: LoadedNetwork;
  order: OrderRow;
  /** The order's lines, read with the order (invoiceLinesOfOrder). */
  lines: InvoiceLineOfOrder[];
  now: Date;
}): Promise<string | null> {
  const { db, network, order, lines, now } = options;
  if (order.paymentMethod === null || order.invoiceNumber !== null) return order.invoiceNumber;
  const config = network.network.config;
  const discounts = (order.discounts as Discount[])
    .filter((discount) => discount.error === null && discount.amount > 0)
    .map((discount) => ({
      label: discount.label ?? discount.sourceCode,
      amount: discount.amount,
      lineIndexes: discount.lines.filter((share) => share.amount > 0).map((share) => share.lineIndex),
    }));
  const delivery = order.delivery;
  const site = delivery?.mode === 'COLLECT' ? collectSiteOf(config, delivery.siteId) : null;
  const { number } = await issueInvoice(db, {
    network: { id: config.id, invoicePrefix: config.seller.invoicePrefix },
    orderReference: String(order.id),
    orderId: order.id,
    issuedAt: now,
    order: {
      locale: isLocale(order.lang) ? order.lang : DEFAULT_LOCALE,
      currency: order.currency,
      timeZone: config.timeZone,
      seller: invoiceSellerOf(config.seller),
      buyer: buyerOf(order),
      order: { id: String(order.id), date: order.createdAt },
      lines: lines.map((line) => invoiceLineOf(line, network)),
      discounts,
      paymentMethod: order.paymentMethod,
      instalments:
        order.installments > 1
          ? instalmentSchedule({
              totalAmount: order.totalAmount,
              installments: order.installments,
              now: order.createdAt,
              timeZone: config.timeZone,
            })
          : null,
      collect:
        site && delivery?.mode === 'COLLECT'
          ? {
              siteName: site.name,
              address: site.address,
              slotStart: new Date(delivery.slotStart),
              slotEnd: new Date(new Date(delivery.slotStart).getTime() + site.pickUp.slotMinutes * 60_000),
            }
          : null,
    },
  });
  return number;
}
