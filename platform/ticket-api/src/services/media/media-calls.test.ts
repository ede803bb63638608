import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_CALLS } from '@transit-shop/sdk/contract/account';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { MEDIA_CALLS, type MediaSearchAnswer, type Medium } from '@transit-shop/sdk/contract/media';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import type { CardsFile } from '@transit-shop/tenancy/cards-file';
import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mediaLinks } from '../../db/schema/media.ts';
import { orderLines } from '../../db/schema/orders.ts';
import type { NewUserRow, UserRow } from '../../db/schema/users.ts';
import { DEFAULT_DIRS } from '../../env.ts';
import { koOf, okOf, registerAndLogin } from '../../test-support/account-test-kit.ts';
import { insertTestUser, signedInUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, type TestApp, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import { placeOrder, placing } from '../../test-support/tickets.ts';
import { CardRegistryError } from '../card-registry/card-registry.ts';
import { createSession } from '../sessions/create-session.ts';
import { insertContracts } from '../tickets/ticket-test-kit.ts';

const paris = (instant: Date) => networkInstantText(instant, 'Europe/Paris');

import { MEDIA_SIGNIN_LIMIT } from './search-media-for-signin.ts';

const LAKESIDE_ID = 103;
const testApp = useTestApp();

type Customer = { user: UserRow; token: string };
type MediaList = { medias: Medium[] };

/** The demo registry of a network, as the file holds it. */
function demoCards(slug: string): CardsFile['cards'] {
  return (JSON.parse(readFileSync(join(DEFAULT_DIRS.tenants, slug, 'cards.json'), 'utf8')) as CardsFile)
    .cards;
}
const LUMIERE_CARDS = demoCards('lumiere');
const WAHAT_CARDS = demoCards('wahat');
const LAKESIDE_CARDS = demoCards('lakeside');

/** Lumière's demo card 2501 0000 0000 00NN. */
function lumiere(nn: number) {
  const card = LUMIERE_CARDS.find((entry) => entry.number === `25010000000000${String(nn).padStart(2, '0')}`);
  if (!card) throw new Error(`no lumiere card ${nn}`);
  return card;
}

/** A new card of Lumière's registry, as the shop issues one, in its holder's hands: no other test knows it. */
async function freshCard(app: TestApp) {
  const card = await app.demoCards.issueCard(
    LUMIERE_ID,
    { holderName: 'Ada Lovelace', holderBirthDate: '1992-03-14', expiresOn: '2031-12-31' },
    app.clock.now(),
  );
  // Its first validation: it has reached its holder (decision 0037).
  await app.demoCards.recordValidation(LUMIERE_ID, card.number);
  return { ...card, status: 'ACTIVE' };
}

const signIn = (app: TestApp, networkId = LUMIERE_ID, user: Partial<NewUserRow> = {}) =>
  signedInUser({ db: app.deps.db, clock: app.clock, policy: app.deps.sessionPolicy, networkId, user });

/** A new session of an existing customer (after the clock moved past the last one). */
async function sessionOf(app: TestApp, user: UserRow, networkId = LUMIERE_ID): Promise<Customer> {
  const { token } = await createSession({
    db: app.deps.db,
    clock: app.clock,
    policy: app.deps.sessionPolicy,
    userId: user.id,
    networkId,
  });
  return { user, token };
}

const profileOf = (app: TestApp, holder: Customer, values: Partial<NewUserRow> = {}) =>
  insertTestUser(app.deps.db, app.clock, { email: null, parentUserId: holder.user.id, ...values });

const register = (
  app: TestApp,
  customer: Customer,
  card: { number: string; holderBirthDate?: string; printedCode?: string | null | undefined },
  extra: Record<string, unknown> = {},
) =>
  app.call(MEDIA_CALLS.registerMedia, {
    userToken: customer.token,
    userId: customer.user.id,
    networkId: LUMIERE_ID,
    mediaNumber: card.number,
    ...(card.holderBirthDate ? { mediaCustomerBirthDate: card.holderBirthDate } : {}),
    ...(card.printedCode ? { mediaPrintedCode: card.printedCode } : {}),
    ...extra,
  });

const linked = async (
  app: TestApp,
  customer: Customer,
  card: { number: string; holderBirthDate: string },
  extra: Record<string, unknown> = {},
) => (await okOf<MediaList & { media: Medium }>(await register(app, customer, card, extra))).media;

const mediasOf = async (app: TestApp, customer: Customer, networkId = LUMIERE_ID) =>
  (
    await okOf<MediaList>(
      await app.call(MEDIA_CALLS.getMedias, {
        userToken: customer.token,
        userId: customer.user.id,
        networkId,
      }),
    )
  ).medias;

const unregister = (app: TestApp, customer: Customer, mediaId: number) =>
  app.call(MEDIA_CALLS.unregisterMedia, { userToken: customer.token, userId: customer.user.id, mediaId });

const report = (app: TestApp, customer: Customer, mediaId: number, kind = 'LOST') =>
  app.call(MEDIA_CALLS.reportMediaIncident, {
    userToken: customer.token,
    userId: customer.user.id,
    mediaId,
    kind,
  });

let addresses = 0;
/** A client address of the test's own, so its searches count against no other test's. */
const newAddress = () => {
  addresses += 1;
  return `203.0.113.${addresses}`;
};

const search = (
  app: TestApp,
  card: { number: string; holderBirthDate?: string },
  address: string,
  networkId = LUMIERE_ID,
) =>
  app.call(
    MEDIA_CALLS.searchLocalMediaForSignin,
    {
      mediaNumber: card.number,
      ...(card.holderBirthDate ? { mediaCustomerBirthDate: card.holderBirthDate } : {}),
      networkId,
    },
    { from: { forwardedFor: address } },
  );

describe('Account/registerMedia.json', () => {
  it('links a card typed with spaces and answers it among the account’s cards', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const card = lumiere(1);
    const typed = `${card.number.slice(0, 4)} ${card.number.slice(4, 8)}-${card.number.slice(8)}`;
    const answer = await okOf<MediaList & { media: Medium }>(
      await register(app, customer, { number: typed, holderBirthDate: card.holderBirthDate }),
    );
    expect(answer.media).toEqual({
      id: expect.any(Number),
      network_id: LUMIERE_ID,
      provider_id: 'lumiere-billettique',
      number: card.number,
      expires_at: card.expiresOn,
      // On Lumière's clock (decision 0038).
      created_at: paris(app.clock.now()),
      state: 'ACTIVE',
      status: 'ACTIVE',
      incident: null,
      profileId: null,
      contracts: [],
    });
    expect(answer.medias).toEqual([answer.media]);
  });

  it.each([
    ['MEDIA_NOT_RECOGNISED', 404, { number: '2501000000009999', holderBirthDate: '1990-01-01' }],
    ['MEDIA_STATUS_EMPTY', 409, lumiere(30)],
    ['MEDIA_BIRTH_DATE_MISMATCH', 409, { number: lumiere(2).number, holderBirthDate: '1901-01-01' }],
    ['MEDIA_INCIDENT', 409, lumiere(26)],
    ['MEDIA_INCIDENT', 409, lumiere(28)],
    ['MEDIA_EXPIRED', 409, lumiere(23)],
  ])('MEDIA-05 refuses with %s (%i) and links nothing', async (code, status, card) => {
    const app = testApp.current;
    const customer = await signIn(app);
    expect(await koOf(await register(app, customer, card))).toMatchObject({ status, code });
    expect(await mediasOf(app, customer)).toEqual([]);
  });

  it('MEDIA-05 checks the birth date before the card’s state, and the status before the birth date', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const wrongDate = (nn: number) => ({ number: lumiere(nn).number, holderBirthDate: '1901-01-01' });
    for (const nn of [23, 26, 28]) {
      expect((await koOf(await register(app, customer, wrongDate(nn)))).code).toBe(
        'MEDIA_BIRTH_DATE_MISMATCH',
      );
    }
    expect((await koOf(await register(app, customer, wrongDate(30)))).code).toBe('MEDIA_STATUS_EMPTY');
  });

  it('MEDIA-01 does not know another network’s card', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const wahatCard = WAHAT_CARDS[0];
    if (!wahatCard) throw new Error('no wahat card');
    expect((await koOf(await register(app, customer, wahatCard))).code).toBe('MEDIA_NOT_RECOGNISED');
  });

  it('MEDIA-04 NET-06 needs the birth date where the network shows it, and the printed code where it hides it', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const missing = await koOf(await register(app, customer, { number: lumiere(3).number }));
    expect(missing).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'mediaCustomerBirthDate', message: 'validation.required' }] },
    });
    const lakeside = await signIn(app, LAKESIDE_ID);
    const card = LAKESIDE_CARDS[0];
    if (!card) throw new Error('no lakeside card');
    const onLakeside = { networkId: LAKESIDE_ID };
    expect(await koOf(await register(app, lakeside, { number: card.number }, onLakeside))).toMatchObject({
      code: 'INVALID_REQUEST',
      details: { issues: [{ path: 'mediaPrintedCode', message: 'validation.required' }] },
    });
    expect(
      (await koOf(await register(app, lakeside, { number: card.number, printedCode: 'WRONG1' }, onLakeside)))
        .code,
    ).toBe('MEDIA_PRINTED_CODE_MISMATCH');
    // Typed in lower case with a space, as a customer may.
    const typed = `${card.printedCode?.slice(0, 3).toLowerCase()} ${card.printedCode?.slice(3)}`;
    const answer = await okOf<MediaList & { media: Medium }>(
      await register(app, lakeside, { number: card.number, printedCode: typed }, onLakeside),
    );
    expect(answer.media).toMatchObject({ number: card.number, network_id: LAKESIDE_ID });
    // Hidden, the birth date is not compared either.
    const other = LAKESIDE_CARDS[1];
    if (!other) throw new Error('no lakeside card');
    await okOf(
      await register(
        app,
        lakeside,
        { number: other.number, holderBirthDate: '1950-05-05', printedCode: other.printedCode },
        onLakeside,
      ),
    );
  });

  it('pairs a card with one of the holder’s travellers, and refuses another holder’s traveller', async () => {
    const app = testApp.current;
    const holder = await signIn(app);
    const traveller = await profileOf(app, holder);
    const answer = await okOf<MediaList & { media: Medium }>(
      await register(app, holder, lumiere(4), { userId: traveller.id }),
    );
    expect(answer.media.profileId).toBe(traveller.id);
    const stranger = await signIn(app);
    expect(await koOf(await register(app, stranger, lumiere(5), { userId: traveller.id }))).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(await mediasOf(app, stranger)).toEqual([]);
  });

  it('refuses a card live on another account with MEDIA_LINKED_ELSEWHERE; the same account links it again', async () => {
    const app = testApp.current;
    const first = await signIn(app);
    const second = await signIn(app);
    const media = await linked(app, first, lumiere(6));
    expect(await koOf(await register(app, second, lumiere(6)))).toMatchObject({
      status: 409,
      code: 'MEDIA_LINKED_ELSEWHERE',
    });
    expect(await linked(app, first, lumiere(6))).toMatchObject({ id: media.id });
    expect((await mediasOf(app, first)).map((medium) => medium.id)).toEqual([media.id]);
    expect(await mediasOf(app, second)).toEqual([]);
  });

  it('MEDIA-03 links a removed card again, by the same account or another, as a new link', async () => {
    const app = testApp.current;
    const first = await signIn(app);
    const second = await signIn(app);
    const media = await linked(app, first, lumiere(7));
    expect(await okOf<MediaList>(await unregister(app, first, media.id))).toEqual({ medias: [] });
    const again = await linked(app, first, lumiere(7));
    expect(again.id).not.toBe(media.id);
    await okOf(await unregister(app, first, again.id));
    const other = await linked(app, second, lumiere(7));
    expect(other).toMatchObject({ number: lumiere(7).number, state: 'ACTIVE', status: 'ACTIVE' });
    expect(await mediasOf(app, first)).toEqual([]);
  });

  it('refuses a guest', async () => {
    const app = testApp.current;
    const guest = await signIn(app, LUMIERE_ID, { status: 'GUEST', email: null });
    expect((await koOf(await register(app, guest, lumiere(8)))).code).toBe('FORBIDDEN');
    expect(await mediasOf(app, guest)).toEqual([]);
  });

  it('refuses malformed input with INVALID_REQUEST and links nothing', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const card = lumiere(9);
    const bad: Record<string, unknown>[] = [
      { mediaNumber: '' },
      { mediaNumber: '1234567' },
      { mediaNumber: '123456789012345678901' },
      { mediaNumber: '2501-0000-ABCD-0009' },
      { mediaNumber: 25010000000000 },
      { mediaCustomerBirthDate: '31/12/1990' },
      { mediaCustomerBirthDate: '2990-01-01' },
      { networkId: 'lumiere' },
      { color: 'blue' },
    ];
    for (const change of bad) {
      const answer = await register(app, customer, card, change);
      expect({ change, code: (await koOf(answer)).code }).toEqual({ change, code: 'INVALID_REQUEST' });
    }
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 70 }).filter((text) => !/^\d{8,20}$/.test(text.replace(/[\s-]/g, ''))),
        async (mediaNumber) => {
          const answer = await register(app, customer, card, { mediaNumber });
          expect((await koOf(answer)).code).toBe('INVALID_REQUEST');
        },
      ),
      { numRuns: 40 },
    );
    expect(await mediasOf(app, customer)).toEqual([]);
  });

  it('of two accounts linking one card at once, exactly one wins', async () => {
    const app = testApp.current;
    const customers = await Promise.all([signIn(app), signIn(app), signIn(app)]);
    const answers = await Promise.all(customers.map((customer) => register(app, customer, lumiere(10))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const losers = await Promise.all(answers.filter((answer) => answer.status === 409).map(koOf));
    expect(losers.map((loser) => loser.code)).toEqual(['MEDIA_LINKED_ELSEWHERE', 'MEDIA_LINKED_ELSEWHERE']);
    const live = await app.deps.db
      .select()
      .from(mediaLinks)
      .where(eq(mediaLinks.number, lumiere(10).number));
    expect(live).toHaveLength(1);
  });
});

describe('Account/getMedias.json', () => {
  it('MEDIA-01 leaves out another network’s card and another provider’s card', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const own = await linked(app, customer, lumiere(11));
    const onWahat = await sessionOf(app, customer.user, WAHAT_ID);
    const wahatCard = WAHAT_CARDS[1];
    if (!wahatCard) throw new Error('no wahat card');
    const wahatMedia = (
      await okOf<{ media: Medium }>(
        await app.call(MEDIA_CALLS.registerMedia, {
          userToken: onWahat.token,
          userId: customer.user.id,
          networkId: WAHAT_ID,
          mediaNumber: wahatCard.number,
          mediaCustomerBirthDate: wahatCard.holderBirthDate,
        }),
      )
    ).media;
    // A card the account linked when the network's cards came from another ticketing system.
    await app.deps.db.insert(mediaLinks).values({
      networkId: LUMIERE_ID,
      userId: customer.user.id,
      number: lumiere(12).number,
      providerId: 'former-ticketing',
      linkedAt: app.clock.now(),
    });
    expect((await mediasOf(app, customer)).map((medium) => medium.id)).toEqual([own.id]);
    expect((await mediasOf(app, onWahat, WAHAT_ID)).map((medium) => medium.id)).toEqual([wahatMedia.id]);
  });

  it('MEDIA-02 lists expired cards after valid ones, each group newest first', async () => {
    const app = testApp.current;
    const start = app.clock.now();
    try {
      const customer = await signIn(app);
      const older = await linked(app, customer, lumiere(13));
      app.clock.advanceMinutes(1);
      const soonExpired = await linked(app, customer, lumiere(31));
      app.clock.advanceMinutes(1);
      const newer = await linked(app, customer, lumiere(14));
      app.clock.advanceMinutes(1);
      const laterExpired = await linked(app, customer, lumiere(32));
      expect((await mediasOf(app, customer)).map((medium) => medium.id)).toEqual([
        laterExpired.id,
        newer.id,
        soonExpired.id,
        older.id,
      ]);
      // Card 31's last day is 2027-01-31: past at midnight in Paris, while it is still that day in UTC.
      app.clock.set('2027-01-31T23:30:00Z');
      const later = await sessionOf(app, customer.user);
      const medias = await mediasOf(app, later);
      expect(medias.map((medium) => [medium.id, medium.state])).toEqual([
        [laterExpired.id, 'ACTIVE'],
        [newer.id, 'ACTIVE'],
        [older.id, 'ACTIVE'],
        [soonExpired.id, 'EXPIRED'],
      ]);
      app.clock.set('2027-03-01T09:00:00Z');
      const latest = await sessionOf(app, customer.user);
      expect((await mediasOf(app, latest)).map((medium) => [medium.id, medium.state])).toEqual([
        [newer.id, 'ACTIVE'],
        [older.id, 'ACTIVE'],
        [laterExpired.id, 'EXPIRED'],
        [soonExpired.id, 'EXPIRED'],
      ]);
    } finally {
      app.clock.set(start);
    }
  });

  it('lists the contracts recorded against a card: to load, then loaded once the registry says so', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const media = await linked(app, customer, lumiere(15));
    const order = await placeOrder(app, placing(customer));
    const [line] = await app.deps.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.orderId))
      .orderBy(asc(orderLines.position));
    if (!line) throw new Error('no order line');
    const [ticket] = await insertContracts(
      app.deps.db,
      order.orderId,
      [{ position: line.position, delivery: 'CARD', status: 'TO_LOAD', mediaId: media.id }],
      app.clock.now(),
    );
    if (!ticket) throw new Error('no contract');
    const [listed] = await mediasOf(app, customer);
    expect(listed?.contracts).toEqual([
      {
        ticketId: ticket.id,
        orderId: order.orderId,
        productName: expect.any(String),
        validFrom: null,
        validTo: null,
        loading: 'TO_LOAD',
        loadedAt: null,
      },
    ]);
    const loadedAt = new Date('2026-11-24T07:12:00Z');
    await app.demoCards.recordLoading(LUMIERE_ID, media.number, ticket.id, loadedAt);
    const [after] = await mediasOf(app, customer);
    expect(after?.contracts).toEqual([
      expect.objectContaining({
        ticketId: ticket.id,
        loading: 'LOADED',
        loadedAt: '2026-11-24T08:12:00+01:00',
      }),
    ]);
  });

  it('lists to a traveller signed in as itself only the cards paired with it', async () => {
    const app = testApp.current;
    const holder = await signIn(app);
    const traveller = await profileOf(app, holder);
    await linked(app, holder, await freshCard(app));
    const paired = await linked(app, holder, await freshCard(app), { userId: traveller.id });
    expect((await mediasOf(app, holder)).map((medium) => medium.id)).toHaveLength(2);
    const asTraveller = await sessionOf(app, traveller);
    expect((await mediasOf(app, asTraveller)).map((medium) => medium.id)).toEqual([paired.id]);
    // Only the holder links the account's cards.
    expect((await koOf(await register(app, asTraveller, await freshCard(app)))).code).toBe('FORBIDDEN');
  });

  it('answers a guest no card', async () => {
    const app = testApp.current;
    const guest = await signIn(app, LUMIERE_ID, { status: 'GUEST', email: null });
    expect(await mediasOf(app, guest)).toEqual([]);
  });
});

describe('Account/unregisterMedia', () => {
  it('removes one of the account’s cards and answers the rest', async () => {
    const app = testApp.current;
    const customer = await signIn(app);
    const kept = await linked(app, customer, lumiere(16));
    const removed = await linked(app, customer, lumiere(17));
    const answer = await okOf<MediaList>(await unregister(app, customer, removed.id));
    expect(answer.medias.map((medium) => medium.id)).toEqual([kept.id]);
    expect((await koOf(await unregister(app, customer, removed.id))).code).toBe('MEDIA_NOT_FOUND');
  });

  it('answers MEDIA_NOT_FOUND for another customer’s card and leaves it linked', async () => {
    const app = testApp.current;
    const owner = await signIn(app);
    const stranger = await signIn(app);
    const media = await linked(app, owner, lumiere(18));
    expect(await koOf(await unregister(app, stranger, media.id))).toMatchObject({
      status: 404,
      code: 'MEDIA_NOT_FOUND',
    });
    expect((await mediasOf(app, owner)).map((medium) => medium.id)).toEqual([media.id]);
  });
});

describe('Account/reportMediaIncident.json', () => {
  it('MEDIA-06 blocks a reported card: it stays listed with its incident and can be linked by no one', async () => {
    const app = testApp.current;
    const owner = await signIn(app);
    const media = await linked(app, owner, lumiere(19));
    const answer = await okOf<MediaList>(await report(app, owner, media.id, 'STOLEN'));
    expect(answer.medias).toEqual([
      expect.objectContaining({
        id: media.id,
        status: 'INCIDENT',
        incident: { kind: 'STOLEN', reportedAt: paris(app.clock.now()) },
      }),
    ]);
    // Reported again, the first report stays.
    app.clock.advanceMinutes(1);
    const [again] = (await okOf<MediaList>(await report(app, owner, media.id, 'LOST'))).medias;
    expect(again?.incident?.kind).toBe('STOLEN');
    await okOf(await unregister(app, owner, media.id));
    const other = await signIn(app);
    expect((await koOf(await register(app, other, lumiere(19)))).code).toBe('MEDIA_INCIDENT');
  });

  it('answers MEDIA_NOT_FOUND for another customer’s card and blocks nothing', async () => {
    const app = testApp.current;
    const owner = await signIn(app);
    const stranger = await signIn(app);
    const media = await linked(app, owner, lumiere(20));
    expect((await koOf(await report(app, stranger, media.id))).code).toBe('MEDIA_NOT_FOUND');
    expect((await mediasOf(app, owner))[0]).toMatchObject({ status: 'ACTIVE', incident: null });
  });
});

describe('Account/searchLocalMediaForSignin', () => {
  it('answers ONE with a token that signs the card’s account in', async () => {
    const app = testApp.current;
    const registered = await registerAndLogin(app);
    const holder = { user: { id: registered.user.userId } as UserRow, token: registered.token };
    await linked(app, holder, lumiere(21));
    const answer = await okOf<MediaSearchAnswer>(await search(app, lumiere(21), newAddress()));
    if (answer.result !== 'ONE') throw new Error(`expected ONE, got ${answer.result}`);
    const { user } = await okOf<{ user: AuthUser }>(
      await app.call(ACCOUNT_CALLS.signInWithToken, { token: answer.token }),
    );
    expect(user.userId).toBe(registered.user.userId);
  });

  it('answers SEVERAL when the linked account and a traveller of another account carry the card', async () => {
    const app = testApp.current;
    const holder = await signIn(app);
    await linked(app, holder, lumiere(22));
    const other = await signIn(app);
    const number = lumiere(22).number;
    await profileOf(app, other, { cardNumber: `${number.slice(0, 4)} ${number.slice(4)}` });
    expect(await okOf(await search(app, lumiere(22), newAddress()))).toEqual({ result: 'SEVERAL' });
  });

  it('answers ONE when the card’s link and a traveller carrying its number are of the same account', async () => {
    const app = testApp.current;
    const registered = await registerAndLogin(app);
    const holder = { user: { id: registered.user.userId } as UserRow, token: registered.token };
    const card = await freshCard(app);
    const traveller = await profileOf(app, holder, { cardNumber: card.number });
    await linked(app, holder, card, { userId: traveller.id });
    expect((await okOf<MediaSearchAnswer>(await search(app, card, newAddress()))).result).toBe('ONE');
  });

  it('answers NONE, and no token, for a card no account linked that a traveller was given the number of', async () => {
    const app = testApp.current;
    const registered = await registerAndLogin(app);
    const claimant = { user: { id: registered.user.userId } as UserRow, token: registered.token };
    const card = await freshCard(app);
    await profileOf(app, claimant, { cardNumber: card.number });
    expect(await okOf(await search(app, card, newAddress()))).toEqual({ result: 'NONE' });
  });

  it('refuses on a network that does not offer card sign-in', async () => {
    const app = testApp.current;
    const customer = await signIn(app, LAKESIDE_ID);
    const card = LAKESIDE_CARDS[2];
    if (!card) throw new Error('no lakeside card');
    await okOf(
      await register(
        app,
        customer,
        { number: card.number, printedCode: card.printedCode },
        { networkId: LAKESIDE_ID },
      ),
    );
    expect(await koOf(await search(app, card, newAddress(), LAKESIDE_ID))).toMatchObject({
      status: 404,
      code: 'MEDIA_SIGNIN_NOT_OFFERED',
    });
  });

  it('answers NONE for a valid card no account holds', async () => {
    const app = testApp.current;
    expect(await okOf(await search(app, lumiere(32), newAddress()))).toEqual({ result: 'NONE' });
  });

  it('refuses the card as a link does (MEDIA-05)', async () => {
    const app = testApp.current;
    const address = newAddress();
    const refusals: [{ number: string; holderBirthDate?: string }, string][] = [
      [{ number: '2501000000009998', holderBirthDate: '1990-01-01' }, 'MEDIA_NOT_RECOGNISED'],
      [lumiere(30), 'MEDIA_STATUS_EMPTY'],
      [{ number: lumiere(1).number, holderBirthDate: '1901-01-01' }, 'MEDIA_BIRTH_DATE_MISMATCH'],
      [lumiere(27), 'MEDIA_INCIDENT'],
      [lumiere(24), 'MEDIA_EXPIRED'],
      [{ number: lumiere(1).number }, 'INVALID_REQUEST'],
    ];
    for (const [card, code] of refusals) {
      expect({ card, code: (await koOf(await search(app, card, address))).code }).toEqual({ card, code });
    }
  });

  it('is rate-limited per client address', async () => {
    const app = testApp.current;
    const address = newAddress();
    for (let hit = 0; hit < MEDIA_SIGNIN_LIMIT.maxHits; hit += 1) {
      await okOf(await search(app, lumiere(32), address));
    }
    expect(await koOf(await search(app, lumiere(32), address))).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    await okOf(await search(app, lumiere(32), newAddress()));
  });
});

describe('a card registry that fails or answers a status the shop does not know', () => {
  const SUSPENDED = lumiere(3);
  let down = false;
  const failingApp = useTestApp({
    cards: (demo) => {
      const failing =
        <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
        (...args: A) => {
          if (down) return Promise.reject(new CardRegistryError('the ticketing system is down'));
          return call(...args);
        };
      return {
        providerOf: failing(demo.providerOf),
        findCard: failing(async (networkId: number, number: string) => {
          const card = await demo.findCard(networkId, number);
          return card && number === SUSPENDED.number ? { ...card, status: 'SUSPENDED' } : card;
        }),
        reportIncident: failing(demo.reportIncident),
        issueCard: failing(demo.issueCard),
        loadingsOf: failing(demo.loadingsOf),
        loadingsOfCards: failing(demo.loadingsOfCards),
      };
    },
  });

  it('MEDIA-05 refuses a status it does not know with MEDIA_UNKNOWN_DATA', async () => {
    const app = failingApp.current;
    const customer = await signIn(app);
    expect(await koOf(await register(app, customer, SUSPENDED))).toMatchObject({
      status: 409,
      code: 'MEDIA_UNKNOWN_DATA',
    });
  });

  it('MEDIA-05 answers MEDIA_ERROR (502) to every call while the registry fails', async () => {
    const app = failingApp.current;
    const customer = await signIn(app);
    const media = await linked(app, customer, lumiere(1));
    down = true;
    try {
      const answers = [
        await register(app, customer, lumiere(2)),
        await app.call(MEDIA_CALLS.getMedias, {
          userToken: customer.token,
          userId: customer.user.id,
          networkId: LUMIERE_ID,
        }),
        await report(app, customer, media.id),
        await search(app, lumiere(2), newAddress()),
      ];
      for (const answer of answers) {
        expect(await koOf(answer)).toMatchObject({ status: 502, code: 'MEDIA_ERROR' });
      }
    } finally {
      down = false;
    }
    expect((await mediasOf(app, customer))[0]).toMatchObject({ id: media.id, status: 'ACTIVE' });
  });
});
