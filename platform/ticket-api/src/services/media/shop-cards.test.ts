import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { MEDIA_CALLS, type Medium } from '@transit-shop/sdk/contract/media';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoRegistryCards, mediaLinks } from '../../db/schema/media.ts';
import { ticketTransfers } from '../../db/schema/tickets.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import {
  type Buyer,
  contractsOf,
  notifyPayment,
  paidOrder,
  placeOrder,
  placing,
  signInOn,
} from '../../test-support/tickets.ts';
import { shopCardExpiresOn } from './shop-cards.ts';

const testApp = useTestApp();

const ADDRESS = {
  fullname: 'Ada Lovelace',
  addressRoute: '1 rue de la Gare',
  addressPostalCode: '69001',
  addressCity: 'Lyon',
  addressState: 'Rhône',
};
const SHIPPED = { mode: 'SHIPPING', address: ADDRESS };
const NEW_CARD = 9101;
const REPLACEMENT_CARD = 9102;

const session = (buyer: Buyer) => ({ userToken: buyer.token, userId: buyer.user.id, networkId: LUMIERE_ID });

/** A single ticket to load on the traveller's card, with the card bought as its option. */
const withCard = (
  optionShopItemId: number,
  customerId: number | null = null,
  mediaId: number | null = null,
) => ({
  shopItemId: 1101,
  quantity: 1,
  support: 'PHYSICAL',
  customerId,
  mediaId,
  optionShopItemId,
});
/** A single ticket to load on the traveller's card. */
const single = (customerId: number | null = null) => ({
  shopItemId: 1101,
  quantity: 1,
  support: 'PHYSICAL',
  customerId,
});

const mediasOf = async (buyer: Buyer) =>
  (await okOf<{ medias: Medium[] }>(await testApp.current.call(MEDIA_CALLS.getMedias, session(buyer))))
    .medias;

describe('a card bought in the shop', () => {
  it('is issued when the order completes, for the line’s traveller born that day, valid five years, and carries the order’s waiting card contracts', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LUMIERE_ID, { birthday: '1990-05-01' });
    const order = await paidOrder(
      app,
      placing(buyer, { articles: [withCard(NEW_CARD), single()], delivery: SHIPPED }),
    );
    const links = await app.deps.db.select().from(mediaLinks).where(eq(mediaLinks.userId, buyer.user.id));
    expect(links).toEqual([
      expect.objectContaining({ profileId: null, number: expect.stringMatching(/^9\d{15}$/) }),
    ]);
    const [link] = links;
    if (!link) throw new Error('the card was linked');
    expect(await app.deps.cards.findCard(LUMIERE_ID, link.number)).toMatchObject({
      holderBirthDate: '1990-05-01',
      expiresOn: shopCardExpiresOn('Europe/Paris', app.clock.now()),
      status: 'ORDERED',
    });
    expect(
      (await contractsOf(app, order.orderId)).map((row) => [row.delivery, row.status, row.mediaId]),
    ).toEqual([
      ['CARD', 'TO_LOAD', link.id],
      ['CARD', 'TO_LOAD', link.id],
    ]);
    expect((await mediasOf(buyer)).map((medium) => medium.number)).toEqual([link.number]);
  });

  it('is issued once when the payment’s outcome arrives twice at once', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LUMIERE_ID, { birthday: '1993-09-09' });
    const placed = await placeOrder(
      app,
      placing(buyer, { articles: [withCard(NEW_CARD)], delivery: SHIPPED }),
    );
    await notifyPayment(app, placed.orderId, 'payment.succeeded', 2);
    const links = await app.deps.db.select().from(mediaLinks).where(eq(mediaLinks.userId, buyer.user.id));
    expect(links).toHaveLength(1);
    const issued = await app.deps.db
      .select()
      .from(demoRegistryCards)
      .where(eq(demoRegistryCards.holderBirthDate, '1993-09-09'));
    expect(issued.map((card) => card.number)).toEqual(links.map((link) => link.number));
  });

  it('for a traveller profile, is paired with the traveller', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LUMIERE_ID, { birthday: '1990-05-01' });
    const traveller = await insertTestUser(app.deps.db, app.clock, {
      email: null,
      parentUserId: buyer.user.id,
      birthday: '2012-03-04',
    });
    await paidOrder(
      app,
      placing(buyer, {
        articles: [withCard(NEW_CARD, traveller.id), single(traveller.id)],
        delivery: SHIPPED,
      }),
    );
    const [link] = await app.deps.db.select().from(mediaLinks).where(eq(mediaLinks.userId, buyer.user.id));
    expect(link?.profileId).toBe(traveller.id);
    expect((await app.deps.cards.findCard(LUMIERE_ID, link?.number ?? ''))?.holderBirthDate).toBe(
      '2012-03-04',
    );
  });

  it('is refused for a traveller without a birth date: MEDIA_HOLDER_BIRTH_DATE_MISSING at the line', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LUMIERE_ID, { birthday: null });
    const error = await koOf(
      await app.call(
        CHECKOUT_CALLS.placeOrder,
        placing(buyer, { articles: [single(), withCard(NEW_CARD)], delivery: SHIPPED }),
      ),
    );
    expect(error).toMatchObject({ status: 409, code: 'MEDIA_HOLDER_BIRTH_DATE_MISSING' });
    expect((error.details as { issues: { path: string }[] }).issues[0]?.path).toBe('articles.1.customerId');
  });

  it('a replacement card takes the live contracts of the card with an incident it replaces, recorded as transfers done', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LUMIERE_ID, { birthday: '1978-10-28' });
    const { media } = await okOf<{ media: Medium }>(
      await app.call(MEDIA_CALLS.registerMedia, {
        ...session(buyer),
        mediaNumber: '2501000000000009',
        mediaCustomerBirthDate: '1978-10-28',
      }),
    );
    const first = await paidOrder(
      app,
      placing(buyer, { articles: [{ ...single(), quantity: 2, mediaId: media.id }] }),
    );
    await okOf(
      await app.call(MEDIA_CALLS.reportMediaIncident, {
        userToken: buyer.token,
        userId: buyer.user.id,
        mediaId: media.id,
        kind: 'LOST',
      }),
    );
    const placed = await placeOrder(
      app,
      placing(buyer, { articles: [withCard(REPLACEMENT_CARD, null, media.id)], delivery: SHIPPED }),
    );
    await notifyPayment(app, placed.orderId, 'payment.succeeded');

    const [replacement] = await app.deps.db
      .select()
      .from(mediaLinks)
      .where(eq(mediaLinks.userId, buyer.user.id))
      .orderBy(mediaLinks.id)
      .offset(1);
    if (!replacement) throw new Error('the replacement card was linked');
    // The first order's two contracts and the replacement order's own single, issued on the old card.
    const contracts = [
      ...(await contractsOf(app, first.orderId)),
      ...(await contractsOf(app, placed.orderId)),
    ];
    expect(contracts.map((row) => [row.status, row.mediaId])).toEqual([
      ['TO_LOAD', replacement.id],
      ['TO_LOAD', replacement.id],
      ['TO_LOAD', replacement.id],
    ]);
    const transfers = await app.deps.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.mediaId, replacement.id));
    expect(transfers.map((transfer) => [transfer.ticketId, transfer.target, transfer.status])).toEqual(
      contracts.map((row) => [row.id, 'MEDIA', 'DONE']),
    );
  });

  it('a replacement card line naming a usable card is refused: there is nothing to replace', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LUMIERE_ID, { birthday: '1985-11-03' });
    const { media } = await okOf<{ media: Medium }>(
      await app.call(MEDIA_CALLS.registerMedia, {
        ...session(buyer),
        mediaNumber: '2501000000000010',
        mediaCustomerBirthDate: '1985-11-03',
      }),
    );
    const error = await koOf(
      await app.call(
        CHECKOUT_CALLS.placeOrder,
        placing(buyer, { articles: [withCard(REPLACEMENT_CARD, null, media.id)], delivery: SHIPPED }),
      ),
    );
    expect(error.code).toBe('MEDIA_NOT_FOUND');
  });
});

describe('shopCardExpiresOn', () => {
  it('is five years on from the day in the network’s time zone, 28 February for 29 February', () => {
    expect(shopCardExpiresOn('Europe/Paris', new Date('2026-11-23T23:30:00Z'))).toBe('2031-11-24');
    expect(shopCardExpiresOn('Europe/Paris', new Date('2028-02-29T10:00:00Z'))).toBe('2033-02-28');
  });
});
