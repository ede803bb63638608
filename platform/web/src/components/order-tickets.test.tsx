import { screen, within } from '@testing-library/react';
import type { OrderTickets as OrderTicketList } from '@transit-shop/sdk/contract/wallet';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { OrderTickets } from './order-tickets.tsx';

const tickets: OrderTicketList = [
  { position: 0, label: 'Carnet 10 voyages', count: 1, place: { delivery: 'WALLET' } },
  {
    position: 1,
    label: 'Pass mensuel',
    count: 2,
    place: { delivery: 'CARD', mediaId: 3, cardNumber: '2501000011112222', loadedAt: null },
  },
  // The same line's contract already loaded by a validation of the card: a place of its own.
  {
    position: 1,
    label: 'Pass mensuel',
    count: 1,
    place: {
      delivery: 'CARD',
      mediaId: 3,
      cardNumber: '2501000011112222',
      loadedAt: '2026-11-28T08:45:00+01:00',
    },
  },
  // A new card bought with the order, on its way by post (decision 0037).
  {
    position: 1,
    label: 'Pass mensuel',
    count: 1,
    place: {
      delivery: 'CARD',
      mediaId: 4,
      cardNumber: '9000111122223333',
      loadedAt: null,
      cardOnItsWay: true,
    },
  },
  {
    position: 2,
    label: 'Pass semaine',
    count: 1,
    place: { delivery: 'CARD', mediaId: null, cardNumber: null, loadedAt: null },
  },
  {
    position: 3,
    label: 'Ticket journée',
    count: 1,
    place: {
      delivery: 'COLLECT',
      siteId: 4,
      siteName: 'Agence Bellecour',
      from: '2026-11-29T09:00:00+01:00',
    },
  },
];

describe('where are my tickets', () => {
  it("says per line where its tickets are, a card's loaded ones with when, a new card's on its way, the wallet ones linked to the wallet", async () => {
    await renderWithApp(<OrderTickets tickets={tickets} />);
    const section = screen.getByRole('region', { name: 'Où sont mes titres ?' });
    const items = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Carnet 10 voyages × 1 — Dans Mes titres, sur ce site · Ouvrir mes titres',
      'Pass mensuel × 2 — À charger sur votre carte \u20662501 0000 1111 2222\u2069 lors de votre prochaine validation',
      // The network's clock: Europe/Paris.
      'Pass mensuel × 1 — Chargé sur votre carte \u20662501 0000 1111 2222\u2069 le 28 nov. 2026, 08:45',
      'Pass mensuel × 1 — Sur votre nouvelle carte \u20669000 1111 2222 3333\u2069, en route par courrier\u202f: chargé à sa première validation',
      'Pass semaine × 1 — À charger sur votre carte de transport lors de votre prochaine validation',
      // The network's clock: Europe/Paris.
      'Ticket journée × 1 — À retirer à Agence Bellecour à partir du 29 nov. 2026, 09:00',
    ]);
    expect(within(section).getByRole('link', { name: 'Ouvrir mes titres' }).getAttribute('href')).toBe(
      '/account/wallet',
    );
  });

  it("sends a guest to the link in their email, never to an account's wallet", async () => {
    await renderWithApp(<OrderTickets tickets={tickets.slice(0, 1)} guest />, { locale: 'en' });
    const section = screen.getByRole('region', { name: 'Where are my tickets?' });
    expect(within(section).queryByRole('link')).toBeNull();
    expect(within(section).getByRole('listitem').textContent).toContain(
      'open them from the link in your confirmation email',
    );
  });

  it('keeps the card number one left-to-right run inside an Arabic sentence', async () => {
    await renderWithApp(<OrderTickets tickets={tickets.slice(1, 3)} />, { locale: 'ar' });
    const [waiting, loaded] = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(waiting).toContain('على بطاقتك \u20662501 0000 1111 2222\u2069 عند تصديقك التالي');
    expect(loaded).toContain('حُمِّل على بطاقتك \u20662501 0000 1111 2222\u2069 في ');
  });

  it('shows nothing while the order has issued nothing', async () => {
    const { container } = await renderWithApp(
      <div data-testid="host">
        <OrderTickets tickets={[]} />
        <OrderTickets />
      </div>,
    );
    expect(within(container).getByTestId('host').childElementCount).toBe(0);
  });
});
