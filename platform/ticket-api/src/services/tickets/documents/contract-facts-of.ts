// A contract's facts (contract-facts.ts) from its row, its order line and order, and the network's
// catalogue: the contract's name in the order's language (contract-name.ts), and the line's total shared equally
// among the line's contracts (the remainder to the first ones).
import { DEFAULT_LOCALE, isLocale, type Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { OrderLineRow, OrderRow } from '../../../db/schema/orders.ts';
import type { TicketRow } from '../../../db/schema/tickets.ts';
import { contractNameOf } from '../contract-name.ts';
import type { ContractFacts } from './contract-facts.ts';

/** A line's total shared among `count` contracts: what the `index`th one cost. */
export function shareOfLine(total: number, count: number, index: number): number {
  const base = Math.floor(total / count);
  return base + (index < total - base * count ? 1 : 0);
}

export function contractFactsOf(options: {
  ticket: TicketRow;
  /** The contracts its line issued, itself included: they share the line's total. */
  lineContracts: readonly Pick<TicketRow, 'id'>[];
  line: Pick<OrderLineRow, 'shopItemId' | 'label' | 'totalAmount'>;
  order: Pick<OrderRow, 'id' | 'lang' | 'currency' | 'invoiceNumber' | 'buyer'>;
  network: LoadedNetwork;
  printedCode: string;
  /** The language asked for; the order's when left out. */
  lang?: Locale | undefined;
}): ContractFacts {
  const { ticket, order, network } = options;
  const orderLang = isLocale(order.lang) ? order.lang : DEFAULT_LOCALE;
  const lang = options.lang ?? orderLang;
  const index = Math.max(
    0,
    options.lineContracts.findIndex((contract) => contract.id === ticket.id),
  );
  const holderName = [order.buyer.firstName, order.buyer.lastName].filter(Boolean).join(' ');
  return {
    publicId: ticket.publicId,
    productId: ticket.productId,
    productName: contractNameOf(
      network,
      { productId: ticket.productId, shopItemId: options.line.shopItemId, soldLabel: options.line.label },
      lang,
      orderLang,
    ),
    kind: ticket.kind,
    holderName: holderName || ticket.travellerName,
    travellerName: ticket.travellerName,
    validFrom: ticket.validFrom,
    validTo: ticket.validTo,
    usableUntil: ticket.usableUntil,
    journeysTotal: ticket.journeysTotal,
    journeysLeft: ticket.journeysLeft,
    amountPaid: shareOfLine(options.line.totalAmount, Math.max(1, options.lineContracts.length), index),
    currency: order.currency,
    orderNumber: String(order.id),
    invoiceNumber: order.invoiceNumber,
    issuedAt: ticket.createdAt,
    printedCode: options.printedCode,
    lang,
  };
}
