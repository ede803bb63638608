import { MEDIA_CALLS, type Medium } from '@transit-shop/sdk/contract/media';
import { WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaLinks } from '../../db/schema/media.ts';
import { ticketTransfers } from '../../db/schema/tickets.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { type Buyer, contractsOf, paidOrder, placing, signInOn } from '../../test-support/tickets.ts';

const testApp = useTestApp();

const session = (buyer: Buyer) => ({ userToken: buyer.token, userId: buyer.user.id, networkId: LUMIERE_ID });

/** Lumière's demo card 2501 0000 0000 00NN, linked by the buyer (paired with `userId`, a profile, if given). */
async function link(buyer: Buyer, nn: string, birthDate: string, userId = buyer.user.id): Promise<Medium> {
  const { media } = await okOf<{ media: Medium }>(
    await testApp.current.call(MEDIA_CALLS.registerMedia, {
      ...session(buyer),
      userId,
      mediaNumber: `25010000000000${nn}`,
      mediaCustomerBirthDate: birthDate,
    }),
  );
  return media;
}

/** A single ticket bought to load on the card, for the holder or one of their profiles: its contract. */
async function contractOn(buyer: Buyer, mediaId: number, customerId: number | null = null) {
  const order = await paidOrder(
    testApp.current,
    placing(buyer, {
      articles: [{ shopItemId: 1101, quantity: 1, support: 'PHYSICAL', mediaId, customerId }],
    }),
  );
  const [contract] = await contractsOf(testApp.current, order.orderId);
  if (!contract) throw new Error('a contract was issued');
  return contract;
}

const transfer = (buyer: Buyer, ticketId: number, mediaId: number) =>
  testApp.current.call(WALLET_CALLS.transferContract, {
    ...session(buyer),
    ticketId,
    target: 'MEDIA',
    mediaId,
  });

const transfersOf = (ticketId: number) =>
  testApp.current.deps.db
    .select({
      status: ticketTransfers.status,
      target: ticketTransfers.target,
      mediaId: ticketTransfers.mediaId,
    })
    .from(ticketTransfers)
    .where(eq(ticketTransfers.ticketId, ticketId))
    .orderBy(ticketTransfers.id);

describe('wallet/transferContract to a card', () => {
  it('moves a card contract to another usable card of its traveller, even from a blocked card: DONE, to load on the new card', async () => {
    const buyer = await signInOn(testApp.current);
    const from = await link(buyer, '12', '1999-01-09');
    const to = await link(buyer, '13', '1961-02-12');
    const contract = await contractOn(buyer, from.id);
    await okOf(
      await testApp.current.call(MEDIA_CALLS.reportMediaIncident, {
        userToken: buyer.token,
        userId: buyer.user.id,
        mediaId: from.id,
        kind: 'STOLEN',
      }),
    );

    const answer = await okOf<{ transfer: { status: string; target: string }; ticket: WalletTicket }>(
      await transfer(buyer, contract.id, to.id),
    );
    expect(answer.transfer).toMatchObject({ status: 'DONE', target: 'MEDIA' });
    expect(answer.ticket.status).toBe('TO_LOAD');
    expect(answer.ticket.place).toEqual({
      delivery: 'CARD',
      mediaId: to.id,
      cardNumber: '2501000000000013',
      loadedAt: null,
    });
    expect(await transfersOf(contract.id)).toEqual([{ status: 'DONE', target: 'MEDIA', mediaId: to.id }]);
  });

  it('refuses a card not the traveller’s, a removed card and a blocked one: TRANSFER_NOT_ALLOWED, recorded as ERROR', async () => {
    const buyer = await signInOn(testApp.current);
    const stranger = await signInOn(testApp.current);
    const from = await link(buyer, '14', '1968-03-15');
    const removed = await link(buyer, '15', '1975-04-18');
    const blocked = await link(buyer, '16', '1982-05-21');
    const strangers = await link(stranger, '17', '1989-06-24');
    const contract = await contractOn(buyer, from.id);
    await okOf(
      await testApp.current.call(MEDIA_CALLS.unregisterMedia, {
        userToken: buyer.token,
        userId: buyer.user.id,
        mediaId: removed.id,
      }),
    );
    await okOf(
      await testApp.current.call(MEDIA_CALLS.reportMediaIncident, {
        userToken: buyer.token,
        userId: buyer.user.id,
        mediaId: blocked.id,
        kind: 'LOST',
      }),
    );

    for (const target of [strangers, removed, blocked]) {
      const refused = await koOf(await transfer(buyer, contract.id, target.id));
      expect([refused.status, refused.code]).toEqual([409, 'TRANSFER_NOT_ALLOWED']);
    }
    expect(await transfersOf(contract.id)).toEqual(
      [strangers, removed, blocked].map((target) => ({
        status: 'ERROR',
        target: 'MEDIA',
        mediaId: target.id,
      })),
    );
    const [row] = await contractsOf(testApp.current, contract.orderId);
    expect(row?.mediaId).toBe(from.id);
  });

  it("a profile's contract moves only to a card paired with that profile, never to the holder's own card, nor the holder's to the profile's", async () => {
    const buyer = await signInOn(testApp.current);
    const profile = await insertTestUser(testApp.current.deps.db, testApp.current.clock, {
      email: null,
      parentUserId: buyer.user.id,
    });
    const holdersCard = await link(buyer, '18', '1996-07-27');
    const profilesCard = await link(buyer, '19', '2003-08-02', profile.id);
    const profilesOtherCard = await link(buyer, '20', '1965-09-05', profile.id);
    const profilesContract = await contractOn(buyer, profilesCard.id, profile.id);
    const holdersContract = await contractOn(buyer, holdersCard.id);

    const refused = await koOf(await transfer(buyer, profilesContract.id, holdersCard.id));
    expect([refused.status, refused.code]).toEqual([409, 'TRANSFER_NOT_ALLOWED']);
    const back = await koOf(await transfer(buyer, holdersContract.id, profilesCard.id));
    expect([back.status, back.code]).toEqual([409, 'TRANSFER_NOT_ALLOWED']);
    const moved = await okOf<{ transfer: { status: string } }>(
      await transfer(buyer, profilesContract.id, profilesOtherCard.id),
    );
    expect(moved.transfer.status).toBe('DONE');
  });

  it('a card linked by its number alone, before proofs were recorded, neither gives nor receives a contract', async () => {
    const app = testApp.current;
    const lakeside = 103;
    const buyer = await signInOn(app, lakeside);
    const onLakeside = { userToken: buyer.token, userId: buyer.user.id, networkId: lakeside };
    const issue = () =>
      app.demoCards.issueCard(
        lakeside,
        { holderName: 'Sam Reed', holderBirthDate: '1990-01-01', expiresOn: '2031-12-31' },
        app.clock.now(),
      );
    const provenCard = await issue();
    const { media: proven } = await okOf<{ media: Medium }>(
      await app.call(MEDIA_CALLS.registerMedia, {
        ...onLakeside,
        mediaNumber: provenCard.number,
        mediaPrintedCode: provenCard.printedCode,
      }),
    );
    const bareCard = await issue();
    const [bare] = await app.deps.db
      .insert(mediaLinks)
      .values({
        networkId: lakeside,
        userId: buyer.user.id,
        number: bareCard.number,
        providerId: bareCard.providerId,
        linkedAt: app.clock.now(),
      })
      .returning();
    if (!bare) throw new Error('no link');
    const buyOn = async (mediaId: number) => {
      const order = await paidOrder(
        app,
        placing(
          buyer,
          { articles: [{ shopItemId: 1301, quantity: 1, support: 'PHYSICAL', mediaId }] },
          lakeside,
        ),
      );
      const [contract] = await contractsOf(app, order.orderId);
      if (!contract) throw new Error('a contract was issued');
      return contract;
    };
    const moveTo = (ticketId: number, mediaId: number) =>
      app.call(WALLET_CALLS.transferContract, { ...onLakeside, ticketId, target: 'MEDIA', mediaId });

    const onProven = await buyOn(proven.id);
    expect((await koOf(await moveTo(onProven.id, bare.id))).code).toBe('TRANSFER_NOT_ALLOWED');
    const onBare = await buyOn(bare.id);
    expect((await koOf(await moveTo(onBare.id, proven.id))).code).toBe('TRANSFER_NOT_ALLOWED');
    expect(await transfersOf(onBare.id)).toEqual([{ status: 'ERROR', target: 'MEDIA', mediaId: proven.id }]);
  });
});
