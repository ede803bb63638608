import { CHECKOUT_CALLS, type OrderDetail } from '@transit-shop/sdk/contract/checkout';
import { WALLET_CALLS, type WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { runTicketVerify } from '@transit-shop/sdk/tickets/ticket-verify-command';
import { shownEndOf, wallClockOfText } from '@transit-shop/sdk/time/network-instant';
import { describe, expect, it } from 'vitest';
import { koOf, okOf } from '../../test-support/account-test-kit.ts';
import { useConfirmationMail } from '../../test-support/confirmation-mail.ts';
import { extractedTexts } from '../../test-support/pdf-text.ts';
import { useTestApp, WAHAT_ID } from '../../test-support/test-app.ts';
import {
  type Buyer,
  contractsOf,
  newDevice,
  paidOrder,
  placing,
  signInOn,
} from '../../test-support/tickets.ts';

// Wahat runs on Africa/Casablanca, UTC+1 in December; Debian's Chromium reads the zone as UTC+0
// then, so its product page computed Monday 7 December's midnight as 2026-12-07T00:00:00Z, an hour
// late (decision 0038). The test clock is Monday 23 November 2026, 09:00 UTC: the weekly pass (shop
// item 2201) proposes the Mondays 23 and 30 November, 7 and 14 December.
const testApp = useTestApp();

const WEEKLY_PASS = {
  shopItemId: 2201,
  quantity: 1,
  support: 'DEMATERIALIZED',
  startDate: '2026-12-07',
  // What that page sent beside the day; the server reads only the day.
  startingAt: '2026-12-07T00:00:00.000Z',
};

/** Wahat sells to verified accounts only. */
const signIn = (user: Record<string, unknown>) =>
  signInOn(testApp.current, WAHAT_ID, { verifiedAt: testApp.current.clock.now(), ...user });
const session = (buyer: Buyer) => ({ userToken: buyer.token, userId: buyer.user.id, networkId: WAHAT_ID });
const buyWeeklyPass = async (buyer: Buyer, extra: Record<string, unknown> = {}) =>
  paidOrder(testApp.current, placing(buyer, { articles: [WEEKLY_PASS], lang: 'fr', ...extra }, WAHAT_ID));

const confirmationOf = useConfirmationMail(testApp);

const pdfText = async (pdf: Uint8Array) =>
  (await extractedTexts(pdf)).join('\n').replace(/[\u00A0\u202F]/g, ' ');

describe('validity on the network clock, whatever the browser’s time-zone data (decision 0038)', () => {
  it('a weekly pass whose page sent its start instant an hour off runs from 00:00 network time on the Monday chosen', async () => {
    const buyer = await signIn({ firstName: 'Salma', lastName: 'Idrissi' });
    const order = await buyWeeklyPass(buyer);

    const [contract] = await contractsOf(testApp.current, order.orderId);
    // Monday 7 December 00:00 in Casablanca (UTC+1) to the next Monday's midnight.
    expect(contract?.validFrom?.toISOString()).toBe('2026-12-06T23:00:00.000Z');
    expect(contract?.validTo?.toISOString()).toBe('2026-12-13T23:00:00.000Z');

    const { order: detail } = await okOf<{ order: OrderDetail }>(
      await testApp.current.call(CHECKOUT_CALLS.history, { ...session(buyer), orderId: order.orderId }),
    );
    expect(detail.lines[0]?.startingAt).toBe('2026-12-07T00:00:00+01:00');
    expect(detail.createdAt).toBe('2026-11-23T10:00:00+01:00');

    const { tickets } = await okOf<{ tickets: WalletTicket[]; syncedAt: string }>(
      await testApp.current.call(WALLET_CALLS.tickets, session(buyer)),
    );
    expect(tickets.map((ticket) => [ticket.validFrom, ticket.validTo])).toEqual([
      ['2026-12-07T00:00:00+01:00', '2026-12-14T00:00:00+01:00'],
    ]);

    // A page of before sends the instant alone: no day to start from, refused with the spec's message.
    const { startDate: _day, ...instantOnly } = WEEKLY_PASS;
    expect(
      await koOf(
        await testApp.current.call(
          CHECKOUT_CALLS.placeOrder,
          placing(buyer, { articles: [instantOnly] }, WAHAT_ID),
        ),
      ),
    ).toMatchObject({
      code: 'ARTICLE_START_DATE',
      message: 'Cannot compute article start date',
      details: { issues: [{ path: 'articles.0.startDate' }] },
    });
  });

  it('the wallet, the attestation, the confirmation email and ticket:verify give the same start and end', async () => {
    const customer = await signIn({ firstName: 'Salma', lastName: 'Idrissi' });
    const order = await buyWeeklyPass(customer);
    const phone = await newDevice();
    const { tickets } = await okOf<{ tickets: WalletTicket[] }>(
      await testApp.current.call(WALLET_CALLS.tickets, { ...session(customer), deviceKey: phone.key }),
    );
    const [ticket] = tickets;
    if (!ticket?.validFrom || !ticket.validTo || !ticket.token) throw new Error('a held pass was expected');

    // The wallet's times: the wall clock its answer carries, the end at midnight as its day's last minute.
    const from = wallClockOfText(ticket.validFrom);
    const to = wallClockOfText(shownEndOf(ticket.validTo));
    expect([from.date, from.time, to.date, to.time]).toEqual(['2026-12-07', '00:00', '2026-12-13', '23:59']);

    const attestation = await okOf<{ contentBase64: string }>(
      await testApp.current.call(WALLET_CALLS.contractAttestation, {
        ...session(customer),
        ticketId: ticket.id,
        lang: 'fr',
      }),
    );
    expect(await pdfText(new Uint8Array(Buffer.from(attestation.contentBase64, 'base64')))).toContain(
      '7 décembre 2026 à 00:00 – 13 décembre 2026 à 23:59',
    );

    // The email's line gives the days the pass covers, as the invoice does (whole days: no times).
    expect((await confirmationOf(order.orderId)).text).toContain('Validité : 7–13 décembre 2026');

    const keys = await testApp.current.deps.ticketSigner.publishedKeys(WAHAT_ID);
    const wahat = testApp.current.deps.networks.byId(WAHAT_ID)?.network.config;
    if (!wahat) throw new Error('no Wahat');
    const verify = async (code: string, at: string) => {
      const printed: string[] = [];
      await runTicketVerify([code, '--keys', 'keys.json', '--network-id', String(WAHAT_ID), '--at', at], {
        readTextFile: async () => JSON.stringify(keys),
        networks: async () => [
          { id: WAHAT_ID, name: 'Wahat', signingKey: wahat.signingKey, timeZone: wahat.timeZone },
        ],
        now: () => new Date(at),
        print: (line) => printed.push(line),
        printError: (line) => printed.push(line),
      });
      return printed.join('\n');
    };
    const window = 'validity:   2026-12-07 00:00:00 +01:00 to 2026-12-13 23:59:00 +01:00';
    const during = '2026-12-08T10:00:00Z';
    const held = await verify(await phone.code(ticket.token, ticket.publicId, new Date(during)), during);
    expect(held).toContain('VALID (device proof checked)');
    expect(held).toContain(window);
  });
});
