import { CHECKOUT_CALLS, type OrderDetail } from '@transit-shop/sdk/contract/checkout';
import { MEDIA_CALLS, type Medium } from '@transit-shop/sdk/contract/media';
import { WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoRegistryCards, mediaLinks } from '../../db/schema/media.ts';
import { payments } from '../../db/schema/payments.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser } from '../../test-support/accounts.ts';
import { useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import {
  type Buyer,
  contractsOf,
  notifyPayment,
  placeOrder,
  placing,
  signInOn,
} from '../../test-support/tickets.ts';
import { validateCard } from './validate-card.ts';

const testApp = useTestApp();

const LAKESIDE_ID = 103;
/** Wahat's new-card product (NET-09) and its monthly pass, sold on a card only. */
const WAHAT_NEW_CARD = 4203;
const monthlyPass = (extra: Record<string, unknown> = {}) => ({
  shopItemId: 2202,
  quantity: 1,
  support: 'PHYSICAL',
  startMonth: '2026-12',
  ...extra,
});
const SHIPPED = {
  mode: 'SHIPPING',
  address: {
    fullname: 'Amina Berrada',
    addressRoute: '12 rue Ibn Batouta',
    addressPostalCode: '20000',
    addressCity: 'Casablanca',
    addressState: 'Casablanca-Settat',
  },
};

/** A verified Wahat customer (Wahat has no default identity provider). */
const wahatBuyer = (birthday: string) =>
  signInOn(testApp.current, WAHAT_ID, {
    firstName: 'Amina',
    lastName: 'Berrada',
    birthday,
    verifiedAt: testApp.current.clock.now(),
  });

const session = (buyer: Buyer, networkId = WAHAT_ID) => ({
  userToken: buyer.token,
  userId: buyer.user.id,
  networkId,
});

/** A monthly pass on a new card sent by post, the card bought as the pass's option. */
const passOnNewCard = (buyer: Buyer, extra: Record<string, unknown> = {}) =>
  placing(
    buyer,
    { articles: [monthlyPass({ optionShopItemId: WAHAT_NEW_CARD, ...extra })], delivery: SHIPPED },
    WAHAT_ID,
  );

const linksOf = (buyer: Buyer) =>
  testApp.current.deps.db.select().from(mediaLinks).where(eq(mediaLinks.userId, buyer.user.id));

const cardsIssuedFor = (birthDate: string) =>
  testApp.current.deps.db
    .select()
    .from(demoRegistryCards)
    .where(eq(demoRegistryCards.holderBirthDate, birthDate));

const refusalOf = async (response: Response) => {
  const error = await koOf(response);
  return { code: error.code, path: (error.details as { issues?: { path: string }[] })?.issues?.[0]?.path };
};

describe('a pass on a new card sent by post (decision 0037)', () => {
  it('is one order paid once; once paid, the registry issues the card in the traveller’s name, linked to the account, on its way, with the pass waiting on it', async () => {
    const app = testApp.current;
    const buyer = await wahatBuyer('1991-04-12');
    const placed = await placeOrder(app, passOnNewCard(buyer));
    const [payment] = await app.deps.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
    // The pass and its card, paid together: 300 MAD and 25 MAD.
    expect(payment?.amount).toBe(32_500);
    // Nothing is issued before the payment is confirmed.
    expect(await linksOf(buyer)).toEqual([]);

    await notifyPayment(app, placed.orderId, 'payment.succeeded');
    const [link, ...others] = await linksOf(buyer);
    expect(others).toEqual([]);
    expect(link).toMatchObject({
      networkId: WAHAT_ID,
      profileId: null,
      number: expect.stringMatching(/^9\d{15}$/),
    });
    if (!link) throw new Error('the new card is linked');
    expect(await app.deps.cards.findCard(WAHAT_ID, link.number)).toMatchObject({
      holderName: 'Amina Berrada',
      holderBirthDate: '1991-04-12',
      status: 'ORDERED',
    });
    expect(
      (await contractsOf(app, placed.orderId)).map((row) => [row.delivery, row.status, row.mediaId]),
    ).toEqual([['CARD', 'TO_LOAD', link.id]]);

    // My transport cards: the card on its way, the pass on it.
    const { medias } = await okOf<{ medias: Medium[] }>(
      await app.call(MEDIA_CALLS.getMedias, { ...session(buyer), lang: 'en' }),
    );
    expect(medias.map((medium) => [medium.number, medium.status, medium.state])).toEqual([
      [link.number, 'ORDERED', 'ACTIVE'],
    ]);
    expect(medias[0]?.contracts.map((contract) => [contract.productName, contract.loading])).toEqual([
      ['Monthly pass', 'TO_LOAD'],
    ]);
    // The order and the wallet say where the pass is: on the new card, on its way.
    const onItsWay = {
      delivery: 'CARD',
      mediaId: link.id,
      cardNumber: link.number,
      loadedAt: null,
      cardOnItsWay: true,
    };
    const { order } = await okOf<{ order: OrderDetail }>(
      await app.call(CHECKOUT_CALLS.history, { ...session(buyer), orderId: placed.orderId }),
    );
    expect(order.tickets.map((entry) => entry.place)).toEqual([onItsWay]);
    const { tickets } = await okOf<{ tickets: WalletTicket[] }>(
      await app.call(WALLET_CALLS.tickets, { ...session(buyer), lang: 'en' }),
    );
    expect(tickets.map((ticket) => ticket.place)).toEqual([onItsWay]);

    // Its first validation at a gate: the card reached its holder, it is active and the pass loaded.
    const now = app.clock.now();
    await validateCard({
      db: app.deps.db,
      registry: app.demoCards,
      networkId: WAHAT_ID,
      number: link.number,
      now,
    });
    const after = await okOf<{ medias: Medium[] }>(await app.call(MEDIA_CALLS.getMedias, session(buyer)));
    expect(after.medias.map((medium) => medium.status)).toEqual(['ACTIVE']);
    expect(after.medias[0]?.contracts.map((contract) => contract.loading)).toEqual(['LOADED']);
    const loaded = await okOf<{ tickets: WalletTicket[] }>(
      await app.call(WALLET_CALLS.tickets, { ...session(buyer), lang: 'en' }),
    );
    expect(loaded.tickets.map((ticket) => ticket.place)).toEqual([
      // The instant on Wahat's clock, with its offset (decision 0038).
      {
        delivery: 'CARD',
        mediaId: link.id,
        cardNumber: link.number,
        loadedAt: networkInstantText(now, 'Africa/Casablanca'),
      },
    ]);
  });

  it('creates one card when the payment’s notification is delivered twice at once', async () => {
    const app = testApp.current;
    const buyer = await wahatBuyer('1987-10-30');
    const placed = await placeOrder(app, passOnNewCard(buyer));
    await notifyPayment(app, placed.orderId, 'payment.succeeded', 2);
    // And once more later, as a provider retrying would.
    await notifyPayment(app, placed.orderId, 'payment.succeeded');
    const links = await linksOf(buyer);
    expect(links).toHaveLength(1);
    expect((await cardsIssuedFor('1987-10-30')).map((card) => card.number)).toEqual(
      links.map((link) => link.number),
    );
    expect((await contractsOf(app, placed.orderId)).map((row) => row.mediaId)).toEqual([links[0]?.id]);
  });

  it('creates no card when the payment is refused or cancelled', async () => {
    const app = testApp.current;
    for (const [notice, birthDate] of [
      ['payment.refused', '1979-02-03'],
      ['payment.cancelled', '1979-02-04'],
    ] as const) {
      const buyer = await wahatBuyer(birthDate);
      const placed = await placeOrder(app, passOnNewCard(buyer));
      await notifyPayment(app, placed.orderId, notice);
      expect(await linksOf(buyer)).toEqual([]);
      expect(await cardsIssuedFor(birthDate)).toEqual([]);
      expect(await contractsOf(app, placed.orderId)).toEqual([]);
    }
  });

  it('is made out to the traveller a profile is, and paired with that profile', async () => {
    const app = testApp.current;
    const buyer = await wahatBuyer('1970-06-06');
    const child = await insertTestUser(app.deps.db, app.clock, {
      email: null,
      parentUserId: buyer.user.id,
      firstName: 'Yasmine',
      lastName: 'Berrada',
      birthday: '2011-09-01',
    });
    const placed = await placeOrder(app, passOnNewCard(buyer, { customerId: child.id }));
    await notifyPayment(app, placed.orderId, 'payment.succeeded');
    const [link] = await linksOf(buyer);
    expect(link?.profileId).toBe(child.id);
    expect(await app.deps.cards.findCard(WAHAT_ID, link?.number ?? '')).toMatchObject({
      holderName: 'Yasmine Berrada',
      holderBirthDate: '2011-09-01',
    });
  });
});

describe('placeOrder with a PHYSICAL article on no card of the account (decision 0037)', () => {
  it('refuses it without the new card in the order: MEDIA_NEW_CARD_MISSING at the article', async () => {
    const app = testApp.current;
    const buyer = await wahatBuyer('1990-01-01');
    const response = await app.call(
      CHECKOUT_CALLS.placeOrder,
      placing(buyer, { articles: [monthlyPass()], delivery: SHIPPED }, WAHAT_ID),
    );
    expect(await refusalOf(response)).toEqual({ code: 'MEDIA_NEW_CARD_MISSING', path: 'articles.0.mediaId' });
  });

  it('refuses it on a network that sends no new card by post: MEDIA_NEW_CARD_NOT_OFFERED', async () => {
    const app = testApp.current;
    const buyer = await signInOn(app, LAKESIDE_ID, { birthday: '1990-01-01' });
    const response = await app.call(
      CHECKOUT_CALLS.placeOrder,
      placing(
        buyer,
        {
          articles: [{ shopItemId: 2303, quantity: 1, support: 'PHYSICAL', startMonth: '2026-12' }],
          delivery: SHIPPED,
        },
        LAKESIDE_ID,
      ),
    );
    expect(await refusalOf(response)).toEqual({
      code: 'MEDIA_NEW_CARD_NOT_OFFERED',
      path: 'articles.0.mediaId',
    });
  });

  it('takes the traveller’s other tickets by post onto the one new card, and refuses a second new card for them', async () => {
    const app = testApp.current;
    const buyer = await wahatBuyer('1984-12-24');
    const single = { shopItemId: 1201, quantity: 2, support: 'PHYSICAL' };
    const second = await app.call(
      CHECKOUT_CALLS.placeOrder,
      placing(
        buyer,
        {
          articles: [
            monthlyPass({ optionShopItemId: WAHAT_NEW_CARD }),
            { ...single, optionShopItemId: WAHAT_NEW_CARD },
          ],
          delivery: SHIPPED,
        },
        WAHAT_ID,
      ),
    );
    expect(await refusalOf(second)).toEqual({
      code: 'PRODUCT_ALREADY_IN_CART',
      path: 'articles.1.optionShopItemId',
    });

    const placed = await placeOrder(
      app,
      placing(
        buyer,
        { articles: [monthlyPass({ optionShopItemId: WAHAT_NEW_CARD }), single], delivery: SHIPPED },
        WAHAT_ID,
      ),
    );
    await notifyPayment(app, placed.orderId, 'payment.succeeded');
    const [link, ...others] = await linksOf(buyer);
    expect(others).toEqual([]);
    expect((await contractsOf(app, placed.orderId)).map((row) => [row.productId, row.mediaId])).toEqual([
      [6202, link?.id],
      [6101, link?.id],
      [6101, link?.id],
    ]);
  });
});
