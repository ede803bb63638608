import { CHECKOUT_CALLS, type OrderDetail, type OrderSummary } from '@transit-shop/sdk/contract/checkout';
import { MEDIA_CALLS, type Medium } from '@transit-shop/sdk/contract/media';
import { WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { describe, expect, it, vi } from 'vitest';
import { okOf } from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { type Buyer, contractsOf, paidOrder, placing, signInOn } from '../../test-support/tickets.ts';

const testApp = useTestApp();

const session = (buyer: Buyer) => ({ userToken: buyer.token, userId: buyer.user.id, networkId: LUMIERE_ID });

/** Lumière's demo card 2501 0000 0000 00NN, linked by the buyer. */
async function link(buyer: Buyer, nn: string, birthDate: string): Promise<{ media: Medium; number: string }> {
  const number = `25010000000000${nn}`;
  const { media } = await okOf<{ media: Medium }>(
    await testApp.current.call(MEDIA_CALLS.registerMedia, {
      ...session(buyer),
      mediaNumber: number,
      mediaCustomerBirthDate: birthDate,
    }),
  );
  return { media, number };
}

const onCard = (mediaId: number, quantity = 1) => ({
  shopItemId: 1101,
  quantity,
  support: 'PHYSICAL',
  mediaId,
});

const walletPlaces = async (buyer: Buyer) =>
  (
    await okOf<{ tickets: WalletTicket[] }>(
      await testApp.current.call(WALLET_CALLS.tickets, { ...session(buyer), lang: 'en' }),
    )
  ).tickets.map((ticket) => ({ id: ticket.id, place: ticket.place }));

const historyPlaces = async (buyer: Buyer, orderId: number) =>
  (
    await okOf<{ order: OrderDetail }>(
      await testApp.current.call(CHECKOUT_CALLS.history, { ...session(buyer), orderId }),
    )
  ).order.tickets.map((entry) => ({ count: entry.count, place: entry.place }));

describe('where a card contract is: waiting for the card’s validation, or loaded', () => {
  it('answers loadedAt null until a validation of the card loads it, then the instant the registry says, in the wallet and the order', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app);
    const { media, number } = await link(buyer, '07', '1964-08-22');
    const order = await paidOrder(app, placing(buyer, { articles: [onCard(media.id, 2)] }));
    const [first, second] = await contractsOf(app, order.orderId);
    if (!first || !second) throw new Error('two contracts were issued');
    const waiting = { delivery: 'CARD', mediaId: media.id, cardNumber: number, loadedAt: null };
    expect(await walletPlaces(buyer)).toEqual([
      { id: first.id, place: waiting },
      { id: second.id, place: waiting },
    ]);
    expect(await historyPlaces(buyer, order.orderId)).toEqual([{ count: 2, place: waiting }]);

    const at = new Date('2026-11-23T17:45:00.000Z');
    await app.demoCards.recordLoading(LUMIERE_ID, number, first.id, at);
    // On Lumière's clock (decision 0038).
    const loaded = { ...waiting, loadedAt: '2026-11-23T18:45:00+01:00' };
    expect(await walletPlaces(buyer)).toEqual([
      { id: first.id, place: loaded },
      { id: second.id, place: waiting },
    ]);
    expect(await historyPlaces(buyer, order.orderId)).toEqual([
      { count: 1, place: loaded },
      { count: 1, place: waiting },
    ]);
  });

  it('a loading on another card does not load the contract on its card now', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app);
    const { media, number } = await link(buyer, '08', '1971-09-25');
    const order = await paidOrder(app, placing(buyer, { articles: [onCard(media.id)] }));
    const [contract] = await contractsOf(app, order.orderId);
    if (!contract) throw new Error('a contract was issued');
    await app.demoCards.recordLoading(LUMIERE_ID, '2501000000000009', contract.id, app.clock.now());
    expect(await walletPlaces(buyer)).toEqual([
      { id: contract.id, place: { delivery: 'CARD', mediaId: media.id, cardNumber: number, loadedAt: null } },
    ]);
  });

  it('asks the registry once for a list of contracts on several cards: the wallet and the orders page', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app);
    const cards = [await link(buyer, '10', '1985-11-03'), await link(buyer, '11', '1992-12-06')];
    for (const { media } of cards) await paidOrder(app, placing(buyer, { articles: [onCard(media.id, 2)] }));
    const asked = vi.spyOn(app.deps.cards, 'loadingsOfCards');
    const oneCard = vi.spyOn(app.deps.cards, 'loadingsOf');

    expect(await walletPlaces(buyer)).toHaveLength(4);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked.mock.calls[0]?.[1]).toEqual(expect.arrayContaining(cards.map((card) => card.number)));

    asked.mockClear();
    const { orders } = await okOf<{ orders: OrderSummary[] }>(
      await app.call(CHECKOUT_CALLS.getOrders, { ...session(buyer), page: 1, pageSize: 10 }),
    );
    expect(orders.flatMap((summary) => summary.tickets)).toHaveLength(2);
    expect(asked).toHaveBeenCalledTimes(1);
    expect(oneCard).not.toHaveBeenCalled();
  });
});
