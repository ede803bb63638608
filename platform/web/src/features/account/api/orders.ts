// Order/getOrders.json (the customer's orders, a page at a time, never cached: ORD-05) and
// Order/printOrder.json (an order's invoice as a PDF file, ORD-04).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getOrdersCall, printOrderCall } from '@transit-shop/sdk/contract/checkout';
import type { TicketClient } from '../../../lib/api-client.ts';

export const INVOICES_PAGE_SIZE = 20;

export const ordersQueryOptions = (client: Pick<TicketClient, 'call'>, userId: number, page: number) =>
  queryOptions({
    queryKey: ['orders', userId, page],
    queryFn: () => client.call(getOrdersCall, { page, pageSize: INVOICES_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

/** The invoice's PDF, saved by the browser under a name that carries the invoice number. */
export async function downloadInvoice(
  client: Pick<TicketClient, 'call'>,
  order: { orderId: number; invoiceNumber: string },
): Promise<void> {
  const { fileName, blob } = await client.call(printOrderCall, { orderId: order.orderId });
  const name = fileName.includes(order.invoiceNumber) ? fileName : `${order.invoiceNumber}.pdf`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Left a moment so the browser has read the file before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
