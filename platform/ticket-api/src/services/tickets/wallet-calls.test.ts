import { randomUUID } from 'node:crypto';
import { createTicketClient } from '@transit-shop/sdk/client/ticket-client';
import { CHECKOUT_CALLS } from '@transit-shop/sdk/contract/checkout';
import { JWKS_PATH, WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { readTicketClaims, verifyTicketCode } from '@transit-shop/sdk/tickets/ticket-token';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import { and, eq } from 'drizzle-orm';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema/tickets.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { insertTestUser } from '../../test-support/accounts.ts';
import { LUMIERE_ID, socketFrom, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import {
  ARTICLES,
  type Buyer,
  contractsOf,
  newDevice,
  paidOrder,
  placeOrder,
  placing,
  signInOn,
  ticketsReferenceOf,
} from '../../test-support/tickets.ts';
import { createSession } from '../sessions/create-session.ts';
import { retireTicketKey, rotateTicketKey, SIGNER_CACHE_MS } from './ticket-signer.ts';
import { phaseOf } from './wallet-answer.ts';

const testApp = useTestApp();
const signIn = (networkId = LUMIERE_ID, user = {}) => signInOn(testApp.current, networkId, user);

type TicketsAnswer = { tickets: WalletTicket[]; syncedAt: string };

const session = (buyer: Buyer, networkId = LUMIERE_ID) => ({
  userToken: buyer.token,
  userId: buyer.user.id,
  networkId,
});

const listTickets = (buyer: Buyer, extra: Record<string, unknown> = {}) =>
  testApp.current.call(WALLET_CALLS.tickets, { ...session(buyer), lang: 'en', ...extra });
const ticketsOf = async (buyer: Buyer, extra: Record<string, unknown> = {}) =>
  (await okOf<TicketsAnswer>(await listTickets(buyer, extra))).tickets;

async function buy(buyer: Buyer, articles: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return paidOrder(testApp.current, placing(buyer, { articles, ...extra }));
}

describe('wallet/tickets', () => {
  it('WAL-01 the wallet lists the caller’s dematerialised tickets: name, kind, phase, place, validity', async () => {
    const buyer = await signIn(LUMIERE_ID, { firstName: 'Camille', lastName: 'Durand' });
    const order = await buy(buyer, [ARTICLES.singles(2), ARTICLES.monthly()]);
    const answer = await okOf<TicketsAnswer>(await listTickets(buyer));
    expect(answer.syncedAt).toBe(networkInstantText(testApp.current.clock.now(), 'Europe/Paris'));
    expect(
      answer.tickets.map((ticket) => ({
        name: ticket.name,
        kind: ticket.kind,
        phase: ticket.phase,
        place: ticket.place,
        orderId: ticket.orderId,
        traveller: ticket.traveller,
        window: [ticket.validFrom, ticket.validTo],
        journeys: [ticket.journeysTotal, ticket.journeysLeft],
        activatable: ticket.activatable,
        device: ticket.device,
        token: ticket.token,
      })),
    ).toEqual([
      ...[1, 2].map(() => ({
        name: 'Single ticket',
        kind: 'JOURNEYS',
        phase: 'CURRENT',
        place: { delivery: 'WALLET' },
        orderId: order.orderId,
        traveller: { userId: buyer.user.id, name: 'Camille Durand' },
        window: [null, null],
        journeys: [1, 1],
        activatable: true,
        device: 'NONE',
        token: null,
      })),
      {
        name: 'Monthly pass',
        kind: 'PERIOD',
        phase: 'UPCOMING',
        place: { delivery: 'WALLET' },
        orderId: order.orderId,
        traveller: { userId: buyer.user.id, name: 'Camille Durand' },
        // On Lumière's clock (decision 0038).
        window: ['2026-12-01T00:00:00+01:00', '2027-01-01T00:00:00+01:00'],
        journeys: [null, null],
        activatable: false,
        device: 'NONE',
        token: null,
      },
    ]);
    // In the order's language (the buyer's, French) when none is asked.
    expect((await ticketsOf(buyer, { lang: undefined }))[0]?.name).toBe('Ticket 1 voyage');
    expect((await ticketsOf(buyer, { lang: 'it' }))[0]?.name).toBe('Biglietto di corsa semplice');
  });

  it('a carnet is named as the item bought, not as the single ticket its journeys are', async () => {
    const buyer = await signIn(LUMIERE_ID, { firstName: 'Inès', lastName: 'Morel' });
    await buy(buyer, [ARTICLES.carnet()]);
    const [carnet] = await ticketsOf(buyer);
    expect([carnet?.name, carnet?.journeysTotal, carnet?.journeysLeft]).toEqual([
      'Carnet of 10 tickets',
      10,
      10,
    ]);
    expect((await ticketsOf(buyer, { lang: 'fr' }))[0]?.name).toBe('Carnet 10 voyages');
  });

  it('the first device to open the wallet holds its tickets and gets their signed codes; another device sees them on the other phone', async () => {
    const buyer = await signIn();
    await buy(buyer, [ARTICLES.dayPass(), ARTICLES.singles()]);
    const phone = await newDevice();
    const held = await ticketsOf(buyer, { deviceKey: phone.key });
    expect(held.map((ticket) => [ticket.device, ticket.token !== null])).toEqual([
      ['THIS', true],
      ['THIS', true],
    ]);
    const keys = await okOf<Parameters<typeof verifyTicketCode>[1]['keys']>(
      await testApp.current.call(WALLET_CALLS.keys, { networkId: LUMIERE_ID }),
    );
    const now = testApp.current.clock.now();
    const [dayPass, single] = held;
    if (!dayPass?.token || !single?.token) throw new Error('no tokens');
    const pass = await verifyTicketCode(await phone.code(dayPass.token, dayPass.publicId, now), {
      keys,
      now,
      network: LUMIERE_ID,
    });
    expect(pass).toMatchObject({
      valid: true,
      printed: false,
      claims: { tid: dayPass.publicId, gen: 0, pid: 5103 },
    });
    // A journey ticket shows no window until it is activated.
    expect(
      await verifyTicketCode(await phone.code(single.token, single.publicId, now), {
        keys,
        now,
        network: LUMIERE_ID,
      }),
    ).toMatchObject({ valid: false, reason: 'NOT_ACTIVATED' });

    const otherPhone = await newDevice();
    const elsewhere = await ticketsOf(buyer, { deviceKey: otherPhone.key });
    expect(elsewhere.map((ticket) => [ticket.device, ticket.token])).toEqual([
      ['OTHER', null],
      ['OTHER', null],
    ]);
    // Binding changes no generation: no code was shown before.
    const contracts = await contractsOf(testApp.current, dayPass.orderId);
    expect(contracts.map((contract) => contract.generation)).toEqual([0, 0]);
    // Tickets bought later are bound by the next device to open the wallet.
    await buy(buyer, [ARTICLES.singles(2)]);
    const later = await ticketsOf(buyer, { deviceKey: otherPhone.key });
    expect(later.map((ticket) => ticket.device)).toEqual(['OTHER', 'OTHER', 'THIS', 'THIS']);
  });

  it('filters by ticket ids and blueprints; a list of networks without the call’s is refused', async () => {
    const buyer = await signIn();
    await buy(buyer, [ARTICLES.singles(2), ARTICLES.monthly()]);
    const all = await ticketsOf(buyer);
    const [first, , monthly] = all;
    expect((await ticketsOf(buyer, { id: [first?.id] })).map((ticket) => ticket.id)).toEqual([first?.id]);
    expect((await ticketsOf(buyer, { blueprintId: [5201] })).map((ticket) => ticket.id)).toEqual([
      monthly?.id,
    ]);
    // The request is signed for Lumière: a list without it names another network.
    expect((await koOf(await listTickets(buyer, { networkId: [WAHAT_ID] }))).code).toBe('NETWORK_NOT_FOUND');
    expect((await ticketsOf(buyer, { networkId: [WAHAT_ID, LUMIERE_ID] })).length).toBe(3);
  });

  it('API-07 the sdk client sends the id, blueprintId and networkId lists as JSON text', async () => {
    const buyer = await signIn();
    await buy(buyer, [ARTICLES.singles(2), ARTICLES.monthly()]);
    const all = await ticketsOf(buyer);
    const ids = all.map((ticket) => ticket.id);
    const urls: URL[] = [];
    const client = createTicketClient({
      baseUrl: 'http://ticket-api.test/',
      signingKey: testApp.current.deps.networks.byId(LUMIERE_ID)?.network.config.signingKey ?? '',
      networkId: LUMIERE_ID,
      cacheTtlMs: 0,
      getSession: () => ({ userToken: buyer.token, userId: buyer.user.id }),
      fetch: async (input, init) => {
        const request = new Request(input, init);
        request.headers.set('x-network-id', String(LUMIERE_ID));
        urls.push(new URL(request.url));
        return testApp.current.app.request(request, undefined, socketFrom('127.0.0.1'));
      },
    });
    const answer = await client.call(WALLET_CALLS.tickets, {
      networkId: [LUMIERE_ID],
      id: ids,
      blueprintId: [5101],
    });
    expect(answer.tickets.map((ticket) => ticket.productId)).toEqual([5101, 5101]);
    const sent = urls.at(-1)?.searchParams;
    expect([sent?.get('id'), sent?.get('blueprintId'), sent?.get('networkId')]).toEqual([
      JSON.stringify(ids),
      '[5101]',
      `[${LUMIERE_ID}]`,
    ]);
  });

  it('a traveller profile’s tickets are read by its holder; another holder’s profile is refused', async () => {
    const buyer = await signIn();
    const profile = await insertTestUser(testApp.current.deps.db, testApp.current.clock, {
      email: null,
      firstName: 'Léo',
      lastName: 'Durand',
      parentUserId: buyer.user.id,
    });
    await buy(buyer, [{ ...ARTICLES.singles(), customerId: profile.id }, ARTICLES.monthly()]);
    const forProfile = await ticketsOf(buyer, { userId: profile.id });
    expect(forProfile.map((ticket) => ticket.traveller)).toEqual([
      { userId: profile.id, name: 'Léo Durand' },
    ]);
    // The holder's own wallet lists what they bought, for them and their travellers.
    expect((await ticketsOf(buyer)).length).toBe(2);
    const stranger = await signIn();
    const refused = await koOf(await listTickets(stranger, { userId: profile.id }));
    expect([refused.status, refused.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('another customer’s or another network’s tickets are not listed', async () => {
    const buyer = await signIn();
    await buy(buyer, [ARTICLES.singles()]);
    const [own] = await ticketsOf(buyer);
    const stranger = await signIn();
    expect(await ticketsOf(stranger, { id: [own?.id] })).toEqual([]);
    // The same customer's session on another network reaches none of Lumière's tickets.
    const onWahat = await signIn(WAHAT_ID, { verifiedAt: testApp.current.clock.now() });
    await paidOrder(
      testApp.current,
      placing(
        onWahat,
        { articles: [{ shopItemId: 1201, quantity: 1, support: 'DEMATERIALIZED' }] },
        WAHAT_ID,
      ),
    );
    const wahatTickets = await okOf<TicketsAnswer>(
      await testApp.current.call(
        WALLET_CALLS.tickets,
        { ...session(onWahat, WAHAT_ID), networkId: [WAHAT_ID] },
        { networkId: WAHAT_ID },
      ),
    );
    expect(wahatTickets.tickets.map((ticket) => ticket.networkId)).toEqual([WAHAT_ID]);
    expect(await ticketsOf(buyer, { id: [wahatTickets.tickets[0]?.id] })).toEqual([]);
  });

  it('a request signed with another key is refused', async () => {
    const buyer = await signIn();
    const refused = await koOf(
      await testApp.current.call(WALLET_CALLS.tickets, session(buyer), { signature: 'f'.repeat(40) }),
    );
    expect(refused.code).toBe('INVALID_SIGNATURE');
  });
});

describe('Account/getWallet', () => {
  type Overview = { groups: { phase: string; entries: { count: number; ticket: WalletTicket }[] }[] };
  const overviewOf = async (buyer: Buyer, extra: Record<string, unknown> = {}) =>
    okOf<Overview>(await testApp.current.call(WALLET_CALLS.getWallet, { ...session(buyer), ...extra }));
  const summary = (overview: Overview) =>
    overview.groups.map((group) => [
      group.phase,
      group.entries.map((entry) => [entry.ticket.productId, entry.count]),
    ]);

  it('groups the caller’s tickets by phase, identical ones stacked, unless asked not to', async () => {
    const buyer = await signIn();
    const order = await buy(buyer, [ARTICLES.singles(3), ARTICLES.monthly(), ARTICLES.dayPass()]);
    // The day pass's day has passed.
    await testApp.current.deps.db
      .update(tickets)
      .set({ validFrom: new Date('2026-11-20T09:00:00Z'), validTo: new Date('2026-11-21T09:00:00Z') })
      .where(and(eq(tickets.orderId, order.orderId), eq(tickets.productId, 5103)));
    expect(summary(await overviewOf(buyer))).toEqual([
      ['CURRENT', [[5101, 3]]],
      ['UPCOMING', [[5201, 1]]],
      ['PAST', [[5103, 1]]],
    ]);
    expect(summary(await overviewOf(buyer, { unstack: true, type: 'CURRENT' }))).toEqual([
      [
        'CURRENT',
        [
          [5101, 1],
          [5101, 1],
          [5101, 1],
        ],
      ],
    ]);
    expect(summary(await overviewOf(buyer, { type: 'UPCOMING' }))).toEqual([['UPCOMING', [[5201, 1]]]]);
    // No codes in the overview.
    const overview = await overviewOf(buyer);
    expect(overview.groups.flatMap((group) => group.entries.map((entry) => entry.ticket.token))).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('a pass moves from upcoming to current to past as its month comes and goes', async () => {
    const buyer = await signIn();
    const order = await buy(buyer, [ARTICLES.monthly()]);
    const [pass] = await contractsOf(testApp.current, order.orderId);
    if (!pass) throw new Error('no pass');
    const at = (instant: string) => phaseOf(pass, { kind: 'PERIOD' }, new Date(instant));
    expect(
      ['2026-11-30T22:59:59Z', '2026-11-30T23:00:00Z', '2026-12-31T22:59:59Z', '2026-12-31T23:00:00Z'].map(
        at,
      ),
    ).toEqual(['UPCOMING', 'CURRENT', 'CURRENT', 'PAST']);
    expect(at('2026-12-15T00:00:00Z')).toBe('CURRENT');
    expect(
      phaseOf({ ...pass, status: 'CANCELED' }, { kind: 'PERIOD' }, new Date('2026-12-15T00:00:00Z')),
    ).toBe('PAST');
  });
});

describe('the account’s orders say where their tickets are', () => {
  it('getOrders answers per order what each line issued and where; a pending order nothing yet', async () => {
    const buyer = await signIn(LUMIERE_ID);
    const paid = await buy(buyer, [ARTICLES.singles(2), ARTICLES.carnet()]);
    const pending = await placeOrder(testApp.current, placing(buyer));
    const answer = await okOf<{ orders: { orderId: number; tickets: unknown[] }[] }>(
      await testApp.current.call(CHECKOUT_CALLS.getOrders, {
        userToken: buyer.token,
        userId: String(buyer.user.id),
        networkId: String(LUMIERE_ID),
      }),
    );
    const byId = new Map(answer.orders.map((order) => [order.orderId, order.tickets]));
    expect(byId.get(paid.orderId)).toEqual([
      { position: 0, label: 'Ticket 1 voyage', count: 2, place: { delivery: 'WALLET' } },
      { position: 1, label: 'Carnet 10 voyages', count: 1, place: { delivery: 'WALLET' } },
    ]);
    expect(byId.get(pending.orderId)).toEqual([]);
  });
});

describe('wallet/guestTickets', () => {
  it('a guest reads their order’s tickets by the reference of the confirmation email, not by the order’s public reference', async () => {
    const guest = await signIn(LUMIERE_ID, { status: 'GUEST', email: null });
    const order = await paidOrder(
      testApp.current,
      placing(guest, {
        invoiceEmail: `guest.${guest.user.id}@example.org`,
        articles: [ARTICLES.singles(2), ARTICLES.dayPass()],
      }),
    );
    const reference = await ticketsReferenceOf(testApp.current, order.orderId);
    const guestTickets = async (device: Awaited<ReturnType<typeof newDevice>>) =>
      (
        await okOf<TicketsAnswer>(
          await testApp.current.call(WALLET_CALLS.guestTickets, {
            networkId: LUMIERE_ID,
            reference,
            deviceKey: device.key,
          }),
        )
      ).tickets;
    // Opened on a computer first: nothing is bound to it. The journeys wait for a phone to
    // activate them; the pass answers its printed code, the one the email attached.
    const computer = await newDevice();
    const listed = await guestTickets(computer);
    expect(listed.map((ticket) => [ticket.orderId, ticket.kind, ticket.device, ticket.activatable])).toEqual([
      [order.orderId, 'JOURNEYS', 'NONE', true],
      [order.orderId, 'JOURNEYS', 'NONE', true],
      [order.orderId, 'PERIOD', 'NONE', false],
    ]);
    expect(listed.slice(0, 2).map((ticket) => ticket.token)).toEqual([null, null]);
    expect(readTicketClaims(listed[2]?.token ?? '')).toMatchObject({ tid: listed[2]?.publicId, prn: true });
    expect(readTicketClaims(listed[2]?.token ?? '')).not.toHaveProperty('cnf');

    // Activated on the phone, the journey is the phone's; the computer sees it elsewhere.
    const phone = await newDevice();
    const [journey] = listed;
    await okOf(
      await testApp.current.call(WALLET_CALLS.punchGuestTicket, {
        networkId: LUMIERE_ID,
        reference,
        ticketId: journey?.id,
        activationId: randomUUID(),
        deviceKey: phone.key,
      }),
    );
    expect((await guestTickets(phone)).map((ticket) => ticket.device)).toEqual(['THIS', 'NONE', 'NONE']);
    expect((await guestTickets(computer)).map((ticket) => ticket.device)).toEqual(['OTHER', 'NONE', 'NONE']);

    for (const wrong of [order.orderReference, 'A'.repeat(43)]) {
      const refused = await koOf(
        await testApp.current.call(WALLET_CALLS.guestTickets, { networkId: LUMIERE_ID, reference: wrong }),
      );
      expect([refused.status, refused.code]).toEqual([404, 'TICKET_NOT_FOUND']);
    }
    // Not on another network, whose key signs the request.
    const elsewhere = await koOf(
      await testApp.current.call(WALLET_CALLS.guestTickets, { networkId: WAHAT_ID, reference }),
    );
    expect(elsewhere.code).toBe('TICKET_NOT_FOUND');
  });

  it('a customer’s list binds the tickets to the phone asking, and a pass of theirs has no printed code', async () => {
    const buyer = await signIn(LUMIERE_ID);
    await buy(buyer, [ARTICLES.dayPass()]);
    const phone = await newDevice();
    const [pass] = await ticketsOf(buyer, { deviceKey: phone.key });
    expect(pass?.device).toBe('THIS');
    expect(readTicketClaims(pass?.token ?? '')).toMatchObject({ cnf: { jwk: phone.key } });
    expect(readTicketClaims(pass?.token ?? '')).not.toHaveProperty('prn');
  });
});

describe('wallet/blueprints and wallet/keys', () => {
  it('each fare product that issues a ticket, in the asked language, in the network’s theme colours', async () => {
    const network = testApp.current.deps.networks.byId(LUMIERE_ID);
    const scheme = network?.theme.colorSchemes.light;
    const answer = await okOf<{
      blueprints: { productId: number; name: string; kind: string; colors: unknown; face: string[] }[];
    }>(await testApp.current.call(WALLET_CALLS.blueprints, { networkId: LUMIERE_ID, lang: 'en' }));
    const ids = answer.blueprints.map((blueprint) => blueprint.productId);
    expect(ids).toContain(5101);
    expect(ids).not.toContain(5901);
    const single = answer.blueprints.find((blueprint) => blueprint.productId === 5101);
    expect(single).toMatchObject({
      name: 'Single ticket',
      kind: 'JOURNEYS',
      colors: {
        background: scheme?.primary.main,
        text: scheme?.primary.contrastText,
        accent: scheme?.secondary.main,
      },
    });
    expect(single?.face).toContain('JOURNEYS');
    const some = await okOf<{ blueprints: { productId: number }[] }>(
      await testApp.current.call(WALLET_CALLS.blueprints, { networkId: LUMIERE_ID, productId: [5201, 5901] }),
    );
    expect(some.blueprints.map((blueprint) => blueprint.productId)).toEqual([5201]);
  });

  it('wallet/keys publishes each network’s own keys', async () => {
    const lumiere = await okOf<{ keys: { kid: string; alg: string }[] }>(
      await testApp.current.call(WALLET_CALLS.keys, { networkId: LUMIERE_ID }),
    );
    const wahat = await okOf<{ keys: { kid: string }[] }>(
      await testApp.current.call(WALLET_CALLS.keys, { networkId: WAHAT_ID }),
    );
    expect(lumiere.keys.length).toBeGreaterThan(0);
    expect(lumiere.keys[0]?.alg).toBe('ES256');
    expect(lumiere.keys.map((key) => key.kid)).not.toEqual(wahat.keys.map((key) => key.kid));
    expect(lumiere).toEqual(await testApp.current.deps.ticketSigner.publishedKeys(LUMIERE_ID));
  });
});

describe('the networks’ keys as a plain JWK Set (decision 0040)', () => {
  const jwksOf = (networkId: number | null, headers: Record<string, string> = {}) =>
    testApp.current.app.request(JWKS_PATH, {
      headers: { ...(networkId === null ? {} : { 'x-network-id': String(networkId) }), ...headers },
    });

  it('is a standard JWK Set, unsigned and cacheable, with which jose alone verifies a wallet ticket’s code', async () => {
    const buyer = await signIn();
    await buy(buyer, [ARTICLES.dayPass()]);
    const phone = await newDevice();
    const [dayPass] = await ticketsOf(buyer, { deviceKey: phone.key });
    if (!dayPass?.token) throw new Error('no token');
    const now = testApp.current.clock.now();
    const code = await phone.code(dayPass.token, dayPass.publicId, now);

    const answer = await jwksOf(LUMIERE_ID);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('etag')).toMatch(/^"[^"]+"$/);
    const jwks = (await answer.json()) as JSONWebKeySet;
    expect(Object.keys(jwks)).toEqual(['keys']);
    for (const key of jwks.keys)
      expect(key).toEqual({
        kty: 'EC',
        crv: 'P-256',
        x: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        y: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        kid: expect.any(String),
        alg: 'ES256',
        use: 'sig',
      });

    // The ticket's token, the part before `~`, checked by a JOSE library that knows nothing else.
    const [token = ''] = code.split('~');
    const { payload, protectedHeader } = await compactVerify(token, createLocalJWKSet(jwks));
    expect(protectedHeader).toMatchObject({ alg: 'ES256', typ: 'tkt+jwt' });
    expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({
      net: LUMIERE_ID,
      tid: dayPass.publicId,
    });
    // Another network's set does not verify it.
    const wahat = (await (await jwksOf(WAHAT_ID)).json()) as JSONWebKeySet;
    await expect(compactVerify(token, createLocalJWKSet(wahat))).rejects.toThrow();
  });

  it('lists the current and the still-valid previous keys, answers 304 to a cache that holds it, and 404 for no network', async () => {
    const { db, ticketSigner } = testApp.current.deps;
    const clock = testApp.current.clock;
    await ticketSigner.publishedKeys(WAHAT_ID);
    const before = await jwksOf(WAHAT_ID);
    const tag = before.headers.get('etag') ?? '';
    const previous = ((await before.json()) as JSONWebKeySet).keys.map((key) => key.kid);
    const again = await jwksOf(WAHAT_ID, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300');

    const rotated = await rotateTicketKey(db, WAHAT_ID, clock.now());
    clock.advance(SIGNER_CACHE_MS);
    const after = await jwksOf(WAHAT_ID, { 'if-none-match': tag });
    expect(after.status).toBe(200);
    expect(((await after.json()) as JSONWebKeySet).keys.map((key) => key.kid)).toEqual([
      rotated.kid,
      ...previous,
    ]);

    for (const kid of previous)
      await retireTicketKey(db, { networkId: WAHAT_ID, kid: kid ?? '' }, clock.now());
    clock.advance(SIGNER_CACHE_MS);
    const retired = (await (await jwksOf(WAHAT_ID)).json()) as JSONWebKeySet;
    expect(retired.keys.map((key) => key.kid)).toEqual([rotated.kid]);

    for (const networkId of [null, 999_999]) {
      const none = await jwksOf(networkId);
      expect(none.status).toBe(404);
      expect(none.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('an unpaid order lists nothing', () => {
  it('placed but not paid: no tickets', async () => {
    const buyer = await signIn();
    await okOf(
      await testApp.current.call(
        CHECKOUT_CALLS.placeOrder,
        placing(buyer, { articles: [ARTICLES.singles(4)] }),
      ),
    );
    expect(await ticketsOf(buyer)).toEqual([]);
  });
});

describe('the same customer signed in on another network', () => {
  /** A second session of `buyer`'s own user, opened on `networkId`: the network is all that differs. */
  async function sameUserOn(buyer: Buyer, networkId: number): Promise<Buyer> {
    const { db } = testApp.current.deps;
    const { token, session } = await createSession({
      db,
      clock: testApp.current.clock,
      policy: testApp.current.deps.sessionPolicy,
      userId: buyer.user.id,
      networkId,
    });
    return { user: buyer.user, token, session };
  }

  it('lists none of Lumière’s tickets through Wahat, though the same user holds them', async () => {
    const buyer = await signIn();
    await buy(buyer, [ARTICLES.singles(), ARTICLES.dayPass()]);
    const own = await ticketsOf(buyer);
    expect(own).toHaveLength(2);
    const onWahat = await sameUserOn(buyer, WAHAT_ID);
    expect(onWahat.user.id).toBe(buyer.user.id);
    const throughWahat = (extra: Record<string, unknown> = {}) =>
      testApp.current.call(WALLET_CALLS.tickets, { ...session(onWahat, WAHAT_ID), lang: 'en', ...extra });
    // The session is good on Wahat: the answer is an empty wallet, not a refusal.
    expect((await okOf<TicketsAnswer>(await throughWahat())).tickets).toEqual([]);
    const asked = await okOf<TicketsAnswer>(await throughWahat({ id: own.map((ticket) => ticket.id) }));
    expect(asked.tickets).toEqual([]);
    const overview = await okOf<{ groups: unknown[] }>(
      await testApp.current.call(WALLET_CALLS.getWallet, session(onWahat, WAHAT_ID)),
    );
    expect(overview.groups).toEqual([]);
    // Back on Lumière, the same user still reads them.
    expect(await ticketsOf(buyer)).toHaveLength(2);
  });
});
