// /account/invoices (ORD-05, ORD-04): the customer's orders with their date, amount in the
// network's currency, order and invoice numbers and status, newest first, a page at a time; each
// numbered invoice downloads as a PDF (Order/printOrder.json). An order's date is the network's, as
// the answer writes it (decision 0038).
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderSummary } from '@transit-shop/sdk/contract/checkout';
import { wallClockDateOf } from '@transit-shop/sdk/time/network-instant';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { FailureAlert } from '../../../components/form-parts.tsx';
import { OrderTickets, orderTicketFields } from '../../../components/order-tickets.tsx';
import { useApiClient } from '../../../lib/api-client.ts';
import { priceFormatter } from '../../../lib/catalogue/format-price.ts';
import { useSessionTicket, WithSession } from '../../../lib/session/use-session.tsx';
import { requireAccountHolder } from '../account-guard.ts';
import { downloadInvoice, INVOICES_PAGE_SIZE, ordersQueryOptions } from '../api/orders.ts';
import { AccountPageFrame } from '../components/account-page-frame.tsx';
import { stackedOnPhones } from '../components/stacked-table.ts';

export async function loader(args: LoaderFunctionArgs) {
  await requireAccountHolder(args);
  return null;
}

function DownloadButton({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const download = useMutation({
    mutationFn: (invoiceNumber: string) => downloadInvoice(client, { orderId: order.orderId, invoiceNumber }),
  });
  if (!order.invoiceNumber) {
    return (
      <Typography sx={{ typography: 'body2', color: 'text.secondary' }}>
        {t('account.invoices.notYet')}
      </Typography>
    );
  }
  const invoiceNumber = order.invoiceNumber;
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        loading={download.isPending}
        onClick={() => download.mutate(invoiceNumber)}
        aria-label={t('account.invoices.downloadLabel', { number: invoiceNumber })}
      >
        {t('account.invoices.download')}
      </Button>
      {download.isError ? <FailureAlert failure={download.error} /> : null}
    </>
  );
}

function Invoices() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const ticket = useSessionTicket();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    ...ordersQueryOptions(client, ticket?.userId ?? 0, page),
    enabled: ticket !== null,
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  if (orders.isPending) return <LinearProgress aria-label={t('common.loading')} />;
  if (orders.isError) return <FailureAlert failure={orders.error} />;
  const { total, pageSize } = orders.data;
  const list = orders.data.orders;
  if (list.length === 0) return <Alert severity="info">{t('account.invoices.empty')}</Alert>;
  const pages = Math.max(1, Math.ceil(total / (pageSize || INVOICES_PAGE_SIZE)));
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('account.invoices.title')} sx={stackedOnPhones}>
          <TableHead>
            <TableRow>
              <TableCell>{t('account.invoices.date')}</TableCell>
              <TableCell>{t('account.invoices.order')}</TableCell>
              <TableCell>{t('account.invoices.status')}</TableCell>
              <TableCell align="right">{t('account.invoices.amount')}</TableCell>
              <TableCell>{t('account.invoices.invoice')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((order) => (
              <TableRow key={order.orderId}>
                <TableCell>{date.format(wallClockDateOf(order.createdAt))}</TableCell>
                <TableCell>
                  {t('account.invoices.orderNumber', { number: order.orderId })}
                  {order.invoiceNumber ? (
                    <Typography
                      component="span"
                      sx={{
                        display: 'block',
                        typography: 'body2',
                        color: 'text.secondary',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {order.invoiceNumber}
                    </Typography>
                  ) : null}
                  {/* Where this order's tickets are, under the order they came from. */}
                  <OrderTickets {...orderTicketFields(order)} heading={false} />
                </TableCell>
                <TableCell>{t(`account.invoices.statuses.${order.status}`)}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {priceFormatter(order.currency, i18n.language)(order.totalAmount)}
                </TableCell>
                <TableCell>
                  <DownloadButton order={order} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages > 1 ? (
        <Pagination
          sx={{ mt: 2 }}
          count={pages}
          page={page}
          onChange={(_event, next) => setPage(next)}
          getItemAriaLabel={(type, item) =>
            type === 'page'
              ? t('account.invoices.page', { page: item })
              : t(
                  type === 'start-ellipsis' || type === 'end-ellipsis'
                    ? 'account.invoices.morePages'
                    : `account.invoices.${type}`,
                )
          }
        />
      ) : null}
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AccountPageFrame title={t('account.invoices.title')} intro={t('account.invoices.intro')}>
      <WithSession>
        <Invoices />
      </WithSession>
    </AccountPageFrame>
  );
}
