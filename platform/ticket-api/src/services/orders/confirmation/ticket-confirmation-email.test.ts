import { randomUUID } from 'node:crypto';
import { CHECKOUT_CALLS, type PlaceOrderAnswer } from '@transit-shop/sdk/contract/checkout';
import {
  readTicketClaims,
  signTicketToken,
  type TicketClaims,
  ticketCode,
  ticketKeySetSchema,
  verifyTicketCode,
} from '@transit-shop/sdk/tickets/ticket-token';
import { exportJWK, generateKeyPair } from 'jose';
import { create } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewUserRow } from '../../../db/schema/users.ts';
import { okOf } from '../../../test-support/account-test-kit.ts';
import { signedInUser } from '../../../test-support/accounts.ts';
import { useConfirmationMail } from '../../../test-support/confirmation-mail.ts';
import { paintedQrModules } from '../../../test-support/pdf-qr.ts';
import { extractedTexts } from '../../../test-support/pdf-text.ts';
import { LUMIERE_ID, useTestApp } from '../../../test-support/test-app.ts';
import { ARTICLES, contractsOf } from '../../../test-support/tickets.ts';
import { insertContracts } from '../../tickets/ticket-test-kit.ts';
import { orderRowOf, paymentOfOrder } from '../order-test-kit.ts';

const testApp = useTestApp();

const confirmationOf = useConfirmationMail(testApp);
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
beforeAll(async () => {
  keys = await generateKeyPair('ES256');
});

/** Signs as the network's signer would, and keeps what it was asked to sign. */
function recordingSigner() {
  const signed: { networkId: number; claims: TicketClaims; token: string }[] = [];
  const sign = async (networkId: number, claims: TicketClaims) => {
    const token = await signTicketToken(claims, { kid: 'test-key', privateKey: keys.privateKey });
    signed.push({ networkId, claims, token });
    return token;
  };
  return { signed, sign };
}

const signIn = (user: Partial<NewUserRow> = {}) =>
  signedInUser({
    db: testApp.current.deps.db,
    clock: testApp.current.clock,
    policy: testApp.current.deps.sessionPolicy,
    networkId: LUMIERE_ID,
    user,
  });

/** An order of `quantity` single tickets of Lumière, paid by the provider's notification. */
async function paidOrder(buyer: Awaited<ReturnType<typeof signIn>>, quantity: number, extra = {}) {
  const answer = await okOf<PlaceOrderAnswer>(
    await testApp.current.call(CHECKOUT_CALLS.placeOrder, {
      userToken: buyer.token,
      userId: buyer.user.id,
      networkId: LUMIERE_ID,
      articles: [{ shopItemId: 1101, quantity, support: 'DEMATERIALIZED' }],
      orderKey: randomUUID(),
      returnUrl: '/cart/checkout',
      ...extra,
    }),
  );
  const payment = await paymentOfOrder(testApp.current.deps.db, answer.orderId);
  const notification = testApp.current.payments.notification(payment.id, 'payment.succeeded');
  const response = await testApp.current.app.request('/payments/notifications/sandbox', {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
  });
  expect(response.status).toBe(200);
  return answer;
}

describe('the confirmation email says where the tickets are (decision 0030)', () => {
  it('a guest’s links the order’s tickets and attaches each printed pass, its QR the signed code without a device key; its journeys are on the tickets page', async () => {
    const guest = await signIn({ status: 'GUEST', email: null, firstName: 'Zoé', lastName: 'Invitée' });
    const answer = await paidOrder(guest, 1, {
      articles: [ARTICLES.singles(2), { ...ARTICLES.dayPass(), quantity: 2 }],
      invoiceEmail: `guest.${randomUUID().slice(0, 8)}@example.org`,
      lang: 'fr',
    });
    const order = await orderRowOf(testApp.current.deps.db, answer.orderId);
    const signer = recordingSigner();

    const mail = await confirmationOf(answer.orderId, signer.sign);
    // The single tickets are activated on the phone, from the tickets page; the passes printed.
    expect(mail.text).toMatch(/- Ticket 1 voyage × 2: En ligne, sur la page de vos titres/);
    expect(mail.text).toMatch(/- Pass 24 heures × 2: En ligne, et joints à cet e-mail/);
    expect(mail.text).toContain(
      `Voir mes titres:\nhttp://lumiere.localhost/wallet/guest/${order.ticketsReference}`,
    );
    expect(mail.html).toContain(`href="http://lumiere.localhost/wallet/guest/${order.ticketsReference}"`);
    expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([
      `${order.invoiceNumber}.pdf`,
      'ticket-1.pdf',
      'ticket-2.pdf',
    ]);

    // Each pass signed once, printed: no device key.
    const passes = (await contractsOf(testApp.current, answer.orderId)).filter(
      (contract) => contract.productId === 5103,
    );
    expect(passes).toHaveLength(2);
    expect(signer.signed.map((entry) => [entry.networkId, entry.claims.tid, entry.claims.prn])).toEqual(
      passes.map((contract) => [LUMIERE_ID, contract.publicId, true]),
    );
    expect(signer.signed.every((entry) => entry.claims.cnf === undefined)).toBe(true);
    const [first] = signer.signed;
    const published = ticketKeySetSchema.parse({
      keys: [{ ...(await exportJWK(keys.publicKey)), kid: 'test-key' }],
    });
    // Valid at the gate within the pass's day.
    const during = new Date(((first?.claims.from ?? 0) + 3_600) * 1000);
    const verdict = await verifyTicketCode(ticketCode(first?.token ?? '', null), {
      keys: published,
      now: during,
    });
    expect(verdict).toMatchObject({ valid: true, printed: true });
    expect(readTicketClaims(first?.token ?? '')).toMatchObject({ trv: 'Zoé Invitée', pid: 5103 });

    const ticket = new Uint8Array(mail.attachments[1]?.content ?? []);
    const texts = await extractedTexts(ticket);
    expect(texts).toContain('Pass 24 heures');
    expect(texts).toContain('Zoé Invitée');
    expect(texts).toContain(passes[0]?.publicId);
    const qr = create(first?.token ?? '', { errorCorrectionLevel: 'M' }).modules;
    expect(paintedQrModules(ticket, qr.size, 250)).toEqual(Array.from(qr.data));
  });

  it('a customer’s, in Arabic: the wallet with its Arabic address, a card to load, an agency from its date; nothing to print', async () => {
    const buyer = await signIn();
    const answer = await paidOrder(buyer, 3, { lang: 'ar' });
    await insertContracts(
      testApp.current.deps.db,
      answer.orderId,
      [
        { position: 0 },
        { position: 0, delivery: 'CARD', status: 'TO_LOAD' },
        {
          position: 0,
          delivery: 'COLLECT',
          status: 'TO_COLLECT',
          collectSiteId: 12,
          collectFrom: new Date('2026-11-25T08:00:00.000Z'),
        },
      ],
      testApp.current.clock.now(),
    );
    const signer = recordingSigner();

    const mail = await confirmationOf(answer.orderId, signer.sign);
    expect(mail.headers.get('content-language')).toBe('ar');
    for (const expected of [
      'أين توجد تذاكرك',
      ': في محفظتك',
      ': للتحميل على بطاقة النقل الخاصة بك',
      // 08:00 UTC is 09:00 in Paris.
      ': للاستلام من Agence Hôtel de Ville ابتداءً من 25 نوفمبر 2026',
      'فتح محفظتي:\nhttp://lumiere.localhost/ar/account/wallet',
    ])
      expect(mail.text).toContain(expected);
    expect(mail.text).toMatch(/ابتداءً من 25 نوفمبر 2026[^\n]*9:00/);
    expect(mail.text).not.toContain('/wallet/guest/');
    expect(mail.attachments).toHaveLength(1);
    expect(signer.signed).toEqual([]);
  });
});
