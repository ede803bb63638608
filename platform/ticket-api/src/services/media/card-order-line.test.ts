import { randomUUID } from 'node:crypto';
import { CHECKOUT_CALLS, type OrderDetail, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import { MEDIA_CALLS, type Medium } from '@transit-shop/sdk/contract/media';
import { isTravellersCard, takesContractsNow } from '@transit-shop/sdk/media/card-for-traveller';
import { describe, expect, it } from 'vitest';
import type { NewUserRow, UserRow } from '../../db/schema/users.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser, signedInUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { contractsOf, notifyPayment } from '../../test-support/tickets.ts';
import { createSession } from '../sessions/create-session.ts';

const testApp = useTestApp();

type Customer = { user: UserRow; token: string };

const signIn = (user: Partial<NewUserRow> = {}): Promise<Customer> =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId: LUMIERE_ID,
    user,
  });

/** Lumière's demo card 2501 0000 0000 00NN and its holder's birth date. */
const CARDS = {
  1: '1967-02-04',
  2: '1974-03-07',
  3: '1981-04-10',
  4: '1988-05-13',
  5: '1995-06-16',
  6: '2002-07-19',
  7: '1964-08-22',
  8: '1971-09-25',
  9: '1978-10-28',
  31: '1997-08-10',
} as const;
const card = (nn: keyof typeof CARDS) => ({
  number: `25010000000000${String(nn).padStart(2, '0')}`,
  birthDate: CARDS[nn],
});

async function link(customer: Customer, nn: keyof typeof CARDS, userId = customer.user.id): Promise<Medium> {
  const { number, birthDate } = card(nn);
  const answer = await okOf<{ media: Medium }>(
    await testApp.current.call(MEDIA_CALLS.registerMedia, {
      userToken: customer.token,
      userId,
      networkId: LUMIERE_ID,
      mediaNumber: number,
      mediaCustomerBirthDate: birthDate,
    }),
  );
  return answer.media;
}

/** A PHYSICAL single ticket loaded on the card, for the buyer or one of their travellers. */
const placeOnCard = (buyer: Customer, mediaId: number, customerId: number | null = null) =>
  testApp.current.call(CHECKOUT_CALLS.placeOrder, {
    userToken: buyer.token,
    userId: buyer.user.id,
    networkId: LUMIERE_ID,
    articles: [
      { shopItemId: 1101, quantity: 1, support: 'DEMATERIALIZED' },
      { shopItemId: 1101, quantity: 1, support: 'PHYSICAL', mediaId, customerId },
    ],
    orderKey: randomUUID(),
    returnUrl: '/en/cart/checkout',
  });

/** The holder reports the card (MEDIA-06): it is blocked. */
async function report(
  customer: Customer,
  mediaId: number,
  kind: 'LOST' | 'STOLEN' | 'DAMAGED',
): Promise<void> {
  await okOf(
    await testApp.current.call(MEDIA_CALLS.reportMediaIncident, {
      userToken: customer.token,
      userId: customer.user.id,
      mediaId,
      kind,
    }),
  );
}

/** Whether the order was placed; a refusal must be one of the card's. */
const koOrOk = async (response: Response): Promise<boolean> => {
  if (response.ok) {
    const body = (await response.clone().json()) as { status: string };
    if (body.status === 'ok') return true;
  }
  const { code } = await refusalOf(response);
  expect(code).toMatch(/^MEDIA_/);
  return false;
};

const refusalOf = async (response: Response) => {
  const error = await koOf(response);
  return { code: error.code, path: (error.details as { issues?: { path: string }[] })?.issues?.[0]?.path };
};

describe('placeOrder with a PHYSICAL article loaded on a card', () => {
  it('accepts the holder’s own card for the holder and a card paired with the line’s traveller for that traveller, and no other way round', async () => {
    const buyer = await signIn();
    const own = await link(buyer, 1);
    expect((await okOf<PlaceOrderAnswer>(await placeOnCard(buyer, own.id))).status).toBe('PENDING');
    const traveller = await insertTestUser(testApp.current.deps.db, testApp.current.clock, {
      email: null,
      parentUserId: buyer.user.id,
    });
    const travellers = await link(buyer, 2, traveller.id);
    expect((await okOf<PlaceOrderAnswer>(await placeOnCard(buyer, travellers.id, traveller.id))).status).toBe(
      'PENDING',
    );
    // A card is personal, as the product page offers them: the holder's own card carries none of
    // their traveller's contracts, and the traveller's card none of the holder's.
    expect(await refusalOf(await placeOnCard(buyer, own.id, traveller.id))).toEqual({
      code: 'MEDIA_NOT_FOUND',
      path: 'articles.1.mediaId',
    });
    expect(await refusalOf(await placeOnCard(buyer, travellers.id))).toEqual({
      code: 'MEDIA_NOT_FOUND',
      path: 'articles.1.mediaId',
    });
  });

  it('takes exactly the cards the product page offers each traveller, judged on the listing the page reads', async () => {
    const buyer = await signIn();
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        insertTestUser(testApp.current.deps.db, testApp.current.clock, {
          email: null,
          parentUserId: buyer.user.id,
        }),
      ),
    );
    if (!first || !second) throw new Error('two profiles were made');
    await link(buyer, 6);
    await link(buyer, 7, first.id);
    await link(buyer, 8, second.id);
    const reported = await link(buyer, 9);
    await report(buyer, reported.id, 'LOST');
    const { medias } = await okOf<{ medias: Medium[] }>(
      await testApp.current.call(MEDIA_CALLS.getMedias, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
      }),
    );
    const travellers = [
      { id: buyer.user.id, holder: true, customerId: null },
      { id: first.id, holder: false, customerId: first.id },
      { id: second.id, holder: false, customerId: second.id },
    ];
    const taken: string[] = [];
    for (const traveller of travellers) {
      for (const medium of medias) {
        const answer = await koOrOk(await placeOnCard(buyer, medium.id, traveller.customerId));
        const offered = isTravellersCard(medium, traveller) && takesContractsNow(medium);
        expect({ card: medium.number, traveller: traveller.id, taken: answer }).toEqual({
          card: medium.number,
          traveller: traveller.id,
          taken: offered,
        });
        if (answer) taken.push(`${traveller.id}:${medium.number.slice(-2)}`);
      }
    }
    expect(taken.sort()).toEqual([`${buyer.user.id}:06`, `${first.id}:07`, `${second.id}:08`].sort());
  });

  it('refuses another customer’s card, a removed one and a guest’s with MEDIA_NOT_FOUND', async () => {
    const owner = await signIn();
    const media = await link(owner, 3);
    const stranger = await signIn();
    expect(await refusalOf(await placeOnCard(stranger, media.id))).toEqual({
      code: 'MEDIA_NOT_FOUND',
      path: 'articles.1.mediaId',
    });
    await okOf(
      await testApp.current.call(MEDIA_CALLS.unregisterMedia, {
        userToken: owner.token,
        userId: owner.user.id,
        mediaId: media.id,
      }),
    );
    expect((await refusalOf(await placeOnCard(owner, media.id))).code).toBe('MEDIA_NOT_FOUND');
  });

  it('refuses a card with an incident with MEDIA_INCIDENT', async () => {
    const buyer = await signIn();
    const media = await link(buyer, 4);
    await report(buyer, media.id, 'DAMAGED');
    expect(await refusalOf(await placeOnCard(buyer, media.id))).toEqual({
      code: 'MEDIA_INCIDENT',
      path: 'articles.1.mediaId',
    });
  });

  it('refuses a card past its last valid day with MEDIA_EXPIRED', async () => {
    const { clock, deps } = testApp.current;
    const start = clock.now();
    try {
      const buyer = await signIn();
      const media = await link(buyer, 31);
      clock.set('2027-02-15T09:00:00Z');
      const { token } = await createSession({
        db: deps.db,
        clock,
        policy: deps.sessionPolicy,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
      });
      expect(await refusalOf(await placeOnCard({ user: buyer.user, token }, media.id))).toEqual({
        code: 'MEDIA_EXPIRED',
        path: 'articles.1.mediaId',
      });
    } finally {
      clock.set(start);
    }
  });

  it('issues the paid contract to load on the card: the order names the card’s number, and the card lists the contract', async () => {
    const app = testApp.current;
    const buyer = await signIn();
    const media = await link(buyer, 5);
    const answer = await okOf<PlaceOrderAnswer>(await placeOnCard(buyer, media.id));
    await notifyPayment(app, answer.orderId, 'payment.succeeded');
    const { order } = await okOf<{ order: OrderDetail }>(
      await app.call(CHECKOUT_CALLS.history, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        orderId: answer.orderId,
      }),
    );
    expect(order.tickets.map((entry) => entry.place)).toEqual([
      { delivery: 'WALLET' },
      { delivery: 'CARD', mediaId: media.id, cardNumber: card(5).number, loadedAt: null },
    ]);
    const [onCard] = (await contractsOf(app, answer.orderId)).filter((row) => row.delivery === 'CARD');
    const { medias } = await okOf<{ medias: Medium[] }>(
      await app.call(MEDIA_CALLS.getMedias, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
      }),
    );
    expect(medias[0]?.contracts).toEqual([
      expect.objectContaining({
        ticketId: onCard?.id,
        orderId: answer.orderId,
        loading: 'TO_LOAD',
        loadedAt: null,
      }),
    ]);
    // Named in the network's language unless the call asks another; each change answers in it too.
    expect(medias[0]?.contracts[0]?.productName).toBe('Ticket 1 voyage');
    const inEnglish = await okOf<{ medias: Medium[] }>(
      await app.call(MEDIA_CALLS.getMedias, {
        userToken: buyer.token,
        userId: buyer.user.id,
        networkId: LUMIERE_ID,
        lang: 'en',
      }),
    );
    expect(inEnglish.medias[0]?.contracts[0]?.productName).toBe('Single ticket');
    const reported = await okOf<{ medias: Medium[] }>(
      await app.call(MEDIA_CALLS.reportMediaIncident, {
        userToken: buyer.token,
        userId: buyer.user.id,
        mediaId: media.id,
        kind: 'DAMAGED',
        lang: 'es',
      }),
    );
    expect(reported.medias[0]?.contracts[0]?.productName).toBe('Billete sencillo');
  });
});
