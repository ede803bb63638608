import { randomUUID } from 'node:crypto';
import { WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { networkInstantText } from '@transit-shop/sdk/time/network-instant';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketActivations, tickets, ticketTransfers } from '../../db/schema/tickets.ts';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { extractedTexts } from '../../test-support/pdf-text.ts';
import { LUMIERE_ID, useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import {
  ARTICLES,
  type Buyer,
  contractsOf,
  type Device,
  newDevice,
  paidOrder,
  placing,
  signInOn,
  ticketsReferenceOf,
} from '../../test-support/tickets.ts';
import { createSession } from '../sessions/create-session.ts';
import { createDatabaseTicketSigner, rotateTicketKey } from './ticket-signer.ts';
import { ticketClaimsOf } from './wallet-answer.ts';

// Sessions last a day here: some tests let the clock run past a journey's window.
const testApp = useTestApp({ sessionPolicy: { idleMinutes: 24 * 60, absoluteDays: 30 } });
const signIn = (networkId = LUMIERE_ID, user = {}) => signInOn(testApp.current, networkId, user);
const session = (buyer: Buyer) => ({ userToken: buyer.token, userId: buyer.user.id, networkId: LUMIERE_ID });

type Punched = { ticket: WalletTicket; activatedAt: string };
type Decoded = {
  valid: boolean;
  reason: string | null;
  ticket: { productId: number; traveller: string; journeysLeft: number | null; printed: boolean } | null;
};

/** A buyer's ticket of `article`, held by `device` (it opened the wallet). */
async function heldTicket(article: Record<string, unknown>, device?: Device) {
  const buyer = await signIn();
  await paidOrder(testApp.current, placing(buyer, { articles: [article] }));
  const answer = await okOf<{ tickets: WalletTicket[] }>(
    await testApp.current.call(WALLET_CALLS.tickets, {
      ...session(buyer),
      ...(device ? { deviceKey: device.key } : {}),
    }),
  );
  const [ticket] = answer.tickets;
  if (!ticket) throw new Error('no ticket');
  return { buyer, ticket };
}

const punch = (buyer: Buyer, ticketId: number, device: Device, activationId: string = randomUUID()) =>
  testApp.current.call(WALLET_CALLS.punchTicket, {
    ...session(buyer),
    ticketId,
    activationId,
    deviceKey: device.key,
  });

const decode = async (encodedPayload: string, networkId = LUMIERE_ID) =>
  okOf<Decoded>(await testApp.current.call(WALLET_CALLS.decode, { networkId, encodedPayload }));

const rowOf = async (ticketId: number) => {
  const [row] = await testApp.current.deps.db.select().from(tickets).where(eq(tickets.id, ticketId));
  if (!row) throw new Error(`no ticket ${ticketId}`);
  return row;
};

const setRow = (ticketId: number, values: Partial<typeof tickets.$inferInsert>) =>
  testApp.current.deps.db.update(tickets).set(values).where(eq(tickets.id, ticketId));

describe('Ticket/punchTicket.json', () => {
  it('uses a journey, opens its window and answers the ticket with its new code, which the gate accepts', async () => {
    const phone = await newDevice();
    const { buyer, ticket } = await heldTicket(ARTICLES.carnet(), phone);
    const now = testApp.current.clock.now();
    const answer = await okOf<Punched>(await punch(buyer, ticket.id, phone));
    // On Lumière's clock (decision 0038).
    const paris = (instant: Date) => networkInstantText(instant, 'Europe/Paris');
    expect(answer.activatedAt).toBe(paris(now));
    expect(answer.ticket).toMatchObject({
      id: ticket.id,
      journeysLeft: 9,
      validFrom: paris(now),
      validTo: paris(new Date(now.getTime() + 60 * 60_000)),
      phase: 'CURRENT',
      activatable: true,
      device: 'THIS',
    });
    if (!answer.ticket.token) throw new Error('no token');
    const verdict = await decode(await phone.code(answer.ticket.token, ticket.publicId, now));
    expect(verdict).toMatchObject({
      valid: true,
      reason: null,
      ticket: { productId: 5101, journeysLeft: 9, printed: false, traveller: 'Ada Lovelace' },
    });
  });

  it('the same activation id again answers the first activation and uses nothing more', async () => {
    const phone = await newDevice();
    const { buyer, ticket } = await heldTicket(ARTICLES.carnet(), phone);
    const activationId = randomUUID();
    const first = await okOf<Punched>(await punch(buyer, ticket.id, phone, activationId));
    testApp.current.clock.advance(5_000);
    const again = await okOf<Punched>(await punch(buyer, ticket.id, phone, activationId));
    expect(again.activatedAt).toBe(first.activatedAt);
    expect(again.ticket.journeysLeft).toBe(9);
    expect((await rowOf(ticket.id)).journeysLeft).toBe(9);
  });

  it('an unbound ticket is bound to the device that activates it', async () => {
    const phone = await newDevice();
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    expect(ticket.device).toBe('NONE');
    const answer = await okOf<Punched>(await punch(buyer, ticket.id, phone));
    expect([answer.ticket.device, answer.ticket.journeysLeft, answer.ticket.token !== null]).toEqual([
      'THIS',
      0,
      true,
    ]);
  });

  it('refuses precisely: used up, expired, not yet valid, a pass, another phone; a refusal records nothing', async () => {
    const phone = await newDevice();
    const refusal = async (buyer: Buyer, ticketId: number, device = phone) => {
      const { status, code } = await koOf(await punch(buyer, ticketId, device));
      return [status, code];
    };
    const used = await heldTicket(ARTICLES.singles(), phone);
    await okOf(await punch(used.buyer, used.ticket.id, phone));
    expect(await refusal(used.buyer, used.ticket.id)).toEqual([409, 'TICKET_USED_UP']);

    const expired = await heldTicket(ARTICLES.singles(), phone);
    await setRow(expired.ticket.id, { usableUntil: testApp.current.clock.now() });
    expect(await refusal(expired.buyer, expired.ticket.id)).toEqual([409, 'TICKET_EXPIRED']);

    const early = await heldTicket(ARTICLES.singles(), phone);
    await setRow(early.ticket.id, { validFrom: new Date(testApp.current.clock.now().getTime() + 60_000) });
    expect(await refusal(early.buyer, early.ticket.id)).toEqual([409, 'TICKET_NOT_YET_VALID']);

    const pass = await heldTicket(ARTICLES.monthly(), phone);
    expect(await refusal(pass.buyer, pass.ticket.id)).toEqual([409, 'TICKET_NOT_ACTIVATABLE']);
    const dayPass = await heldTicket(ARTICLES.dayPass(), phone);
    expect(await refusal(dayPass.buyer, dayPass.ticket.id)).toEqual([409, 'TICKET_NOT_ACTIVATABLE']);

    const elsewhere = await heldTicket(ARTICLES.carnet(), phone);
    expect(await refusal(elsewhere.buyer, elsewhere.ticket.id, await newDevice())).toEqual([
      409,
      'TICKET_ON_OTHER_DEVICE',
    ]);
    expect((await rowOf(elsewhere.ticket.id)).journeysLeft).toBe(10);
    const activations = await testApp.current.deps.db
      .select()
      .from(ticketActivations)
      .where(eq(ticketActivations.ticketId, elsewhere.ticket.id));
    expect(activations).toEqual([]);
  });

  it('another customer’s ticket, or one of another network, is not found', async () => {
    const phone = await newDevice();
    const { ticket } = await heldTicket(ARTICLES.singles());
    const stranger = await signIn();
    const refused = await koOf(await punch(stranger, ticket.id, phone));
    expect([refused.status, refused.code]).toEqual([404, 'TICKET_NOT_FOUND']);
    const onWahat = await signIn(WAHAT_ID);
    const elsewhere = await koOf(
      await testApp.current.call(WALLET_CALLS.punchTicket, {
        userToken: onWahat.token,
        userId: onWahat.user.id,
        networkId: WAHAT_ID,
        ticketId: ticket.id,
        activationId: randomUUID(),
        deviceKey: phone.key,
      }),
    );
    expect(elsewhere.code).toBe('TICKET_NOT_FOUND');
    expect((await rowOf(ticket.id)).journeysLeft).toBe(1);
  });

  it('a guest activates a ticket of their order by its tickets reference', async () => {
    const phone = await newDevice();
    const guest = await signIn(LUMIERE_ID, { status: 'GUEST', email: null });
    const order = await paidOrder(
      testApp.current,
      placing(guest, { invoiceEmail: `guest.${guest.user.id}@example.org`, articles: [ARTICLES.singles()] }),
    );
    const reference = await ticketsReferenceOf(testApp.current, order.orderId);
    const [contract] = await testApp.current.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.orderId, order.orderId));
    if (!contract) throw new Error('no ticket');
    const guestPunch = (ticketId: number, ref = reference) =>
      testApp.current.call(WALLET_CALLS.punchGuestTicket, {
        networkId: LUMIERE_ID,
        reference: ref,
        ticketId,
        activationId: randomUUID(),
        deviceKey: phone.key,
      });
    expect(await koOf(await guestPunch(contract.id, order.orderReference))).toMatchObject({
      code: 'TICKET_NOT_FOUND',
    });
    const answer = await okOf<Punched>(await guestPunch(contract.id));
    expect([answer.ticket.journeysLeft, answer.ticket.device]).toEqual([0, 'THIS']);
    const other = await heldTicket(ARTICLES.singles());
    expect((await koOf(await guestPunch(other.ticket.id))).code).toBe('TICKET_NOT_FOUND');
  });

  it('concurrent taps: each activation id uses one journey, the same id once, and never more than are left', async () => {
    const phone = await newDevice();
    const distinct = await heldTicket(ARTICLES.carnet(), phone);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => punch(distinct.buyer, distinct.ticket.id, phone)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await rowOf(distinct.ticket.id)).journeysLeft).toBe(6);

    const same = await heldTicket(ARTICLES.carnet(), phone);
    const activationId = randomUUID();
    const twice = await Promise.all([
      punch(same.buyer, same.ticket.id, phone, activationId),
      punch(same.buyer, same.ticket.id, phone, activationId),
    ]);
    expect(twice.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await rowOf(same.ticket.id)).journeysLeft).toBe(9);

    const crowd = await heldTicket(ARTICLES.carnet(), phone);
    const eleven = await Promise.all(
      Array.from({ length: 11 }, () => punch(crowd.buyer, crowd.ticket.id, phone)),
    );
    const outcomes = await Promise.all(
      eleven.map(async (answer) => (answer.status === 200 ? 'ok' : (await koOf(answer)).code)),
    );
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual(['TICKET_USED_UP']);
    expect((await rowOf(crowd.ticket.id)).journeysLeft).toBe(0);
    const activations = await testApp.current.deps.db
      .select()
      .from(ticketActivations)
      .where(eq(ticketActivations.ticketId, crowd.ticket.id));
    expect(activations).toHaveLength(10);
  });
});

describe('wallet/transferContract', () => {
  const transfer = (buyer: Buyer, ticketId: number, extra: Record<string, unknown>) =>
    testApp.current.call(WALLET_CALLS.transferContract, { ...session(buyer), ticketId, ...extra });

  it('moves a ticket to the phone asking: its generation goes up and the other phone’s codes are stale', async () => {
    const oldPhone = await newDevice();
    const newPhone = await newDevice();
    const { buyer, ticket } = await heldTicket(ARTICLES.dayPass(), oldPhone);
    if (!ticket.token) throw new Error('no token');
    const now = testApp.current.clock.now();
    const oldCode = await oldPhone.code(ticket.token, ticket.publicId, now);
    expect((await decode(oldCode)).valid).toBe(true);

    const answer = await okOf<{
      transfer: { id: number; status: string; target: string };
      ticket: WalletTicket;
    }>(await transfer(buyer, ticket.id, { target: 'DEVICE', deviceKey: newPhone.key }));
    expect(answer.transfer).toMatchObject({ status: 'DONE', target: 'DEVICE' });
    expect([answer.ticket.device, answer.ticket.transfer]).toEqual([
      'THIS',
      { status: 'DONE', target: 'DEVICE' },
    ]);
    expect((await rowOf(ticket.id)).generation).toBe(1);
    expect(await decode(oldCode)).toMatchObject({ valid: false, reason: 'SUPERSEDED' });
    if (!answer.ticket.token) throw new Error('no new token');
    expect((await decode(await newPhone.code(answer.ticket.token, ticket.publicId, now))).valid).toBe(true);
    const fromOldPhone = await okOf<{ tickets: WalletTicket[] }>(
      await testApp.current.call(WALLET_CALLS.tickets, { ...session(buyer), deviceKey: oldPhone.key }),
    );
    expect(fromOldPhone.tickets.map((listed) => [listed.device, listed.token])).toEqual([['OTHER', null]]);
  });

  it('a ticket held in the wallet cannot go on a transport card: refused, the refused transfer recorded', async () => {
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    const refused = await koOf(await transfer(buyer, ticket.id, { target: 'MEDIA', mediaId: 42 }));
    expect([refused.status, refused.code]).toEqual([409, 'TRANSFER_NOT_ALLOWED']);
    const recorded = await testApp.current.deps.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.ticketId, ticket.id));
    expect(recorded.map((row) => [row.target, row.status, row.mediaId])).toEqual([['MEDIA', 'ERROR', 42]]);
    const listed = await okOf<{ tickets: WalletTicket[] }>(
      await testApp.current.call(WALLET_CALLS.tickets, session(buyer)),
    );
    expect(listed.tickets[0]?.transfer).toEqual({ status: 'ERROR', target: 'MEDIA' });
  });

  it('needs the receiving phone’s key; another customer’s ticket is not found', async () => {
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    expect((await koOf(await transfer(buyer, ticket.id, { target: 'DEVICE' }))).code).toBe('INVALID_REQUEST');
    const stranger = await signIn();
    const phone = await newDevice();
    const refused = await koOf(
      await transfer(stranger, ticket.id, { target: 'DEVICE', deviceKey: phone.key }),
    );
    expect([refused.status, refused.code]).toEqual([404, 'TICKET_NOT_FOUND']);
    expect((await rowOf(ticket.id)).generation).toBe(0);
  });
});

describe('Vignette/decode', () => {
  it('refuses a malformed code, an expired proof, another network’s code, and tells nothing of an unsigned one', async () => {
    const phone = await newDevice();
    const { ticket } = await heldTicket(ARTICLES.dayPass(), phone);
    if (!ticket.token) throw new Error('no token');
    expect(await decode('not-a-code')).toMatchObject({ valid: false, reason: 'MALFORMED', ticket: null });
    const code = await phone.code(ticket.token, ticket.publicId, testApp.current.clock.now());
    expect((await decode(code, WAHAT_ID)).reason).toBe('UNKNOWN_KEY');
    testApp.current.clock.advance(31_000);
    expect(await decode(code)).toMatchObject({
      valid: false,
      reason: 'DEVICE_PROOF_STALE',
      ticket: { productId: 5103, printed: false },
    });
  });

  it('online: a code for no stored ticket, or a cancelled one, is refused; a printed code needs no proof', async () => {
    const phone = await newDevice();
    const { ticket } = await heldTicket(ARTICLES.dayPass(), phone);
    const row = await rowOf(ticket.id);
    const now = testApp.current.clock.now();
    const signer = testApp.current.deps.ticketSigner;
    const printed = await signer.sign(LUMIERE_ID, ticketClaimsOf(row, now, true));
    expect(await decode(printed)).toMatchObject({ valid: true, ticket: { printed: true } });
    const unknown = await signer.sign(LUMIERE_ID, { ...ticketClaimsOf(row, now, true), tid: 'Z'.repeat(22) });
    expect(await decode(unknown)).toMatchObject({ valid: false, reason: 'NOT_FOUND' });
    await setRow(ticket.id, { status: 'CANCELED' });
    expect(await decode(printed)).toMatchObject({ valid: false, reason: 'CANCELED' });
  });
});

describe('Vignette/decode with a key another instance made', () => {
  it('looks for a key id it does not know once more, so a code signed by a newer key is valid at once', async () => {
    const phone = await newDevice();
    const { ticket } = await heldTicket(ARTICLES.dayPass(), phone);
    // This instance has read the keys; another one rotates and signs with the new key.
    await okOf(await testApp.current.call(WALLET_CALLS.keys, { networkId: LUMIERE_ID }));
    const { db } = testApp.current.deps;
    const clock = testApp.current.clock;
    clock.advance(3_000);
    await rotateTicketKey(db, LUMIERE_ID, testApp.current.clock.now());
    const other = createDatabaseTicketSigner({ db, clock });
    const row = await rowOf(ticket.id);
    const token = await other.sign(LUMIERE_ID, ticketClaimsOf(row, testApp.current.clock.now()));
    const verdict = await decode(await phone.code(token, ticket.publicId, testApp.current.clock.now()));
    expect(verdict).toMatchObject({ valid: true, reason: null });
  });
});

describe('Wallet/contractAttestation and Vignette/sticker', () => {
  it('the attestation is a PDF of the contract in the asked language; the sticker its face as an image naming the traveller', async () => {
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    type File = { fileName: string; contentType: string; contentBase64: string };
    const attestation = await okOf<File>(
      await testApp.current.call(WALLET_CALLS.contractAttestation, {
        ...session(buyer),
        ticketId: ticket.id,
        lang: 'en',
      }),
    );
    expect(attestation.contentType).toBe('application/pdf');
    const pdf = new Uint8Array(Buffer.from(attestation.contentBase64, 'base64'));
    const text = (await extractedTexts(pdf)).join(' ');
    expect(text).toContain('Single ticket');
    expect(text).toContain(ticket.publicId);
    expect(text).toContain(String(ticket.orderId));

    // A customer's ticket has no sticker: its id is in every code its phone shows.
    const customers = await koOf(
      await testApp.current.call(WALLET_CALLS.sticker, { networkId: LUMIERE_ID, stickerId: ticket.publicId }),
    );
    expect(customers.code).toBe('TICKET_NOT_FOUND');
  });

  it('the sticker is the face of a guest’s printed pass, with the printed code; a guest’s journey has none', async () => {
    const guest = await signIn(LUMIERE_ID, {
      status: 'GUEST',
      email: null,
      firstName: 'Zoé',
      lastName: 'Invitée',
    });
    const order = await paidOrder(
      testApp.current,
      placing(guest, {
        invoiceEmail: `guest.${guest.user.id}@example.org`,
        articles: [ARTICLES.singles(), ARTICLES.dayPass()],
      }),
    );
    const contracts = await contractsOf(testApp.current, order.orderId);
    const pass = contracts.find((contract) => contract.kind === 'PERIOD');
    const journey = contracts.find((contract) => contract.kind === 'JOURNEYS');
    type File = { fileName: string; contentType: string; contentBase64: string };
    const sticker = await okOf<File>(
      await testApp.current.call(WALLET_CALLS.sticker, { networkId: LUMIERE_ID, stickerId: pass?.publicId }),
    );
    expect(sticker.contentType).toBe('image/svg+xml');
    const svg = Buffer.from(sticker.contentBase64, 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg|^<\?xml/);
    expect(svg).toContain('Zoé Invitée');
    const refused = await koOf(
      await testApp.current.call(WALLET_CALLS.sticker, {
        networkId: LUMIERE_ID,
        stickerId: journey?.publicId,
      }),
    );
    expect(refused.code).toBe('TICKET_NOT_FOUND');
  });

  it('another customer’s ticket, another network’s, or an unknown sticker id is not found', async () => {
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    const stranger = await signIn();
    const attestation = (caller: Buyer) =>
      testApp.current.call(WALLET_CALLS.contractAttestation, { ...session(caller), ticketId: ticket.id });
    expect(await koOf(await attestation(stranger))).toMatchObject({ status: 404, code: 'TICKET_NOT_FOUND' });
    const sticker = (stickerId: string, networkId = LUMIERE_ID) =>
      testApp.current.call(WALLET_CALLS.sticker, { networkId, stickerId });
    expect((await koOf(await sticker('Q'.repeat(22)))).code).toBe('TICKET_NOT_FOUND');
    expect((await koOf(await sticker(ticket.publicId, WAHAT_ID))).code).toBe('TICKET_NOT_FOUND');
    expect((await koOf(await sticker('too-short'))).code).toBe('INVALID_REQUEST');
    // The ticket's own holder is served: the stranger's refusal is theirs, not the ticket's.
    expect((await okOf<{ contentType: string }>(await attestation(buyer))).contentType).toBe(
      'application/pdf',
    );
  });
});

describe('the activation and a list in the same wallet', () => {
  it('the overview shows a used-up single as past', async () => {
    const phone = await newDevice();
    const { buyer, ticket } = await heldTicket(ARTICLES.singles(), phone);
    await okOf(await punch(buyer, ticket.id, phone));
    testApp.current.clock.advanceMinutes(61);
    const overview = await okOf<{ groups: { phase: string }[] }>(
      await testApp.current.call(WALLET_CALLS.getWallet, session(buyer)),
    );
    expect(overview.groups.map((group) => group.phase)).toEqual(['PAST']);
    const [activation] = await testApp.current.deps.db
      .select()
      .from(ticketActivations)
      .where(and(eq(ticketActivations.ticketId, ticket.id)));
    expect(activation?.validTo.getTime()).toBe(activation ? activation.activatedAt.getTime() + 3_600_000 : 0);
  });
});

describe('the same customer signed in on another network', () => {
  /** A second session of `buyer`'s own user, opened on `networkId`: the network is all that differs. */
  async function sameUserOn(buyer: Buyer, networkId: number): Promise<Buyer> {
    const { token, session: opened } = await createSession({
      db: testApp.current.deps.db,
      clock: testApp.current.clock,
      policy: testApp.current.deps.sessionPolicy,
      userId: buyer.user.id,
      networkId,
    });
    return { user: buyer.user, token, session: opened };
  }
  const throughWahat = (buyer: Buyer) => ({
    userToken: buyer.token,
    userId: buyer.user.id,
    networkId: WAHAT_ID,
  });

  it('cannot activate a Lumière ticket through Wahat: not found, no journey used; through Lumière it can', async () => {
    const phone = await newDevice();
    const { buyer, ticket } = await heldTicket(ARTICLES.singles(), phone);
    const onWahat = await sameUserOn(buyer, WAHAT_ID);
    const refused = await koOf(
      await testApp.current.call(WALLET_CALLS.punchTicket, {
        ...throughWahat(onWahat),
        ticketId: ticket.id,
        activationId: randomUUID(),
        deviceKey: phone.key,
      }),
    );
    expect([refused.status, refused.code]).toEqual([404, 'TICKET_NOT_FOUND']);
    expect((await rowOf(ticket.id)).journeysLeft).toBe(1);
    await okOf(await punch(buyer, ticket.id, phone));
    expect((await rowOf(ticket.id)).journeysLeft).toBe(0);
  });

  it('gets no attestation of a Lumière ticket through Wahat; through Lumière it does', async () => {
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    const onWahat = await sameUserOn(buyer, WAHAT_ID);
    const refused = await koOf(
      await testApp.current.call(WALLET_CALLS.contractAttestation, {
        ...throughWahat(onWahat),
        ticketId: ticket.id,
      }),
    );
    expect([refused.status, refused.code]).toEqual([404, 'TICKET_NOT_FOUND']);
    const attestation = await okOf<{ contentType: string }>(
      await testApp.current.call(WALLET_CALLS.contractAttestation, {
        ...session(buyer),
        ticketId: ticket.id,
      }),
    );
    expect(attestation.contentType).toBe('application/pdf');
  });

  it('cannot move a Lumière ticket to a phone through Wahat: not found, nothing recorded, its binding kept', async () => {
    const { buyer, ticket } = await heldTicket(ARTICLES.singles());
    const onWahat = await sameUserOn(buyer, WAHAT_ID);
    const phone = await newDevice();
    const refused = await koOf(
      await testApp.current.call(WALLET_CALLS.transferContract, {
        ...throughWahat(onWahat),
        ticketId: ticket.id,
        target: 'DEVICE',
        deviceKey: phone.key,
      }),
    );
    expect([refused.status, refused.code]).toEqual([404, 'TICKET_NOT_FOUND']);
    expect((await rowOf(ticket.id)).generation).toBe(0);
    const recorded = await testApp.current.deps.db
      .select()
      .from(ticketTransfers)
      .where(eq(ticketTransfers.ticketId, ticket.id));
    expect(recorded).toEqual([]);
  });
});
