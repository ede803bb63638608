import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderSummary } from '@transit-shop/sdk/contract/checkout';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

const order = (fields: Partial<OrderSummary>): OrderSummary => ({
  orderId: 501,
  networkId: 7,
  status: 'COMPLETED',
  processStatus: 'TO_PROCESS',
  originType: 'ESHOP',
  createdAt: '2026-11-20T11:00:00+01:00',
  currency: 'EUR',
  totalAmount: 4500,
  paymentMethod: 'CARD',
  installments: 1,
  invoiceNumber: 'HL-000042',
  tickets: [],
  ...fields,
});

function openInvoices(orders: OrderSummary[], total = orders.length) {
  stubTenantService();
  return createTestSession({
    signedInAs: fixtureUser(),
    handlers: {
      'Order/getOrders.json': (payload) => ({
        ok: { orders, page: Number(payload.page ?? 1), pageSize: 20, total },
      }),
      'Order/printOrder.json': () => ({
        ok: {
          fileName: 'facture-HL-000042.pdf',
          contentType: 'application/pdf',
          contentBase64: 'JVBERi0xLjQK',
        },
      }),
    },
  });
}

describe('the invoices page', () => {
  it('ORD-05 lists each order with its date, amount, order id, invoice number and status', async () => {
    openInvoices([
      order({}),
      order({ orderId: 502, status: 'PENDING', invoiceNumber: null, totalAmount: 200 }),
    ]);
    await renderApp('/account/invoices');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes factures' })).toBeTruthy();
    const rows = await screen.findAllByRole('row');
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('N° 501')).toBeTruthy();
    expect(first.getByText('HL-000042')).toBeTruthy();
    expect(first.getByText('Terminée')).toBeTruthy();
    expect(first.getByText('20 nov. 2026')).toBeTruthy();
    expect(rows[1]?.textContent?.replace(/\s/g, ' ')).toContain('45,00 €');
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('En attente de paiement')).toBeTruthy();
    expect(second.getByText('Disponible une fois la commande terminée')).toBeTruthy();
    expect(second.queryByRole('button')).toBeNull();
  });

  it('says where each order’s tickets are: in the wallet with a link, on a card', async () => {
    openInvoices([
      order({
        tickets: [
          { position: 0, label: 'Carnet 10 voyages', count: 1, place: { delivery: 'WALLET' } },
          {
            position: 1,
            label: 'Abonnement mensuel',
            count: 1,
            place: { delivery: 'CARD', mediaId: null, cardNumber: null, loadedAt: null },
          },
        ],
      }),
    ]);
    await renderApp('/account/invoices');
    const rows = await screen.findAllByRole('row');
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText(/Carnet 10 voyages/)).toBeTruthy();
    expect(first.getByRole('link', { name: 'Ouvrir mes titres' }).getAttribute('href')).toBe(
      '/account/wallet',
    );
    expect(first.getByText(/Abonnement mensuel/).textContent).toContain(
      'À charger sur votre carte de transport',
    );
  });

  it('ORD-04 Download asks Order/printOrder.json and saves the PDF under the invoice number', async () => {
    const user = userEvent.setup();
    const { calls } = openInvoices([order({})]);
    const created = vi.fn(() => 'blob:invoice');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderApp('/account/invoices');
    await user.click(await screen.findByRole('button', { name: 'Télécharger la facture HL-000042' }));
    await waitFor(() => expect(clicked).toEqual(['facture-HL-000042.pdf']));
    expect(calls.find((call) => call.path === 'Order/printOrder.json')?.payload).toMatchObject({
      orderId: 501,
    });
    expect(created).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('ORD-05 without any order the page says so', async () => {
    openInvoices([]);
    await renderApp('/en/account/invoices');
    expect(await screen.findByText('You have not placed any order yet.')).toBeTruthy();
  });

  it('ORD-05 a list over one page gets a pagination that asks for the next page', async () => {
    const user = userEvent.setup();
    const { calls } = openInvoices([order({})], 45);
    await renderApp('/account/invoices');
    await user.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'Order/getOrders.json').at(-1)?.payload).toMatchObject({
        page: '3',
      }),
    );
  });

  it('the account page links to the invoices', async () => {
    openInvoices([]);
    await renderApp('/account');
    const link = await screen.findByRole('link', { name: 'Mes factures' });
    expect(link.getAttribute('href')).toBe('/account/invoices');
  });
});
