import { MEDIA_CALLS, type Medium } from '@transit-shop/sdk/contract/media';
import { WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import { describe, expect, it } from 'vitest';
import { okOf } from '../../test-support/account-test-kit.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { type Buyer, contractsOf, paidOrder, placing, signInOn } from '../../test-support/tickets.ts';
import { validateCard } from './validate-card.ts';

/** An instant as the answers give it: on Lumière's clock (decision 0038). */
const paris = (instant: Date) => networkInstantText(instant, 'Europe/Paris');

const testApp = useTestApp();

const session = (buyer: Buyer) => ({ userToken: buyer.token, userId: buyer.user.id, networkId: LUMIERE_ID });

describe('validateCard (npm run cards:validate)', () => {
  it('loads every contract waiting on the card: getMedias says LOADED with loadedAt, the wallet’s place says loadedAt', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app);
    const { media } = await okOf<{ media: Medium }>(
      await app.call(MEDIA_CALLS.registerMedia, {
        ...session(buyer),
        mediaNumber: '2501000000000018',
        mediaCustomerBirthDate: '1996-07-27',
      }),
    );
    const order = await paidOrder(
      app,
      placing(buyer, {
        articles: [{ shopItemId: 1101, quantity: 2, support: 'PHYSICAL', mediaId: media.id }],
      }),
    );
    const ids = (await contractsOf(app, order.orderId)).map((row) => row.id);
    const now = app.clock.now();

    const validate = () =>
      validateCard({
        db: app.deps.db,
        registry: app.demoCards,
        networkId: LUMIERE_ID,
        number: '2501 0000 0000 0018',
        now,
      });
    expect(await validate()).toEqual(ids);

    const { medias } = await okOf<{ medias: Medium[] }>(
      await app.call(MEDIA_CALLS.getMedias, session(buyer)),
    );
    expect(
      medias[0]?.contracts.map((contract) => [contract.ticketId, contract.loading, contract.loadedAt]),
    ).toEqual(ids.map((id) => [id, 'LOADED', paris(now)]));
    const { tickets } = await okOf<{ tickets: WalletTicket[] }>(
      await app.call(WALLET_CALLS.tickets, { ...session(buyer), lang: 'en' }),
    );
    expect(tickets.map((ticket) => [ticket.status, ticket.place])).toEqual(
      ids.map(() => [
        'LOADED',
        { delivery: 'CARD', mediaId: media.id, cardNumber: '2501000000000018', loadedAt: paris(now) },
      ]),
    );
    // Nothing waits any more: validating again loads nothing.
    expect(await validate()).toEqual([]);
  });
});
