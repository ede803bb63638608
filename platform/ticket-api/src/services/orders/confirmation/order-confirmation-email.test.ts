import type { OrderTickets } from '@transit-shop/sdk/contract/wallet';
import { LOCALES } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger.ts';
import { createMailer } from '../../../mail/mailer.ts';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { type SmtpCapture, startSmtpCapture } from '../../../test-support/smtp-capture.ts';
import { buildInvoiceDocument } from '../../invoices/build-invoice-document.ts';
import { formatMoney, INVOICE_MESSAGES } from '../../invoices/invoice-messages.ts';
import { lumiereOrder, wahatOrder } from '../../invoices/invoice-test-data.ts';
import { renderInvoicePdf } from '../../invoices/render-invoice-pdf.ts';
import { orderConfirmationEmail } from './order-confirmation-email.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
let capture: SmtpCapture;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
  wahat = networks.byId(102) as LoadedNetwork;
  capture = await startSmtpCapture();
});
afterAll(() => capture.close());

const frenchInvoice = buildInvoiceDocument(lumiereOrder);
const arabicInvoice = buildInvoiceDocument(wahatOrder);
const PDF = new TextEncoder().encode('%PDF-1.3\n%%EOF\n');
const spaced = (text: string | undefined) => (text ?? '').replace(/[\u00A0\u202F\u2009]/g, ' ');

/**
 * One line's tickets in each place: the wallet, a card not named yet, a named card waiting for its
 * validation and loaded by one, an agency.
 */
const everyPlace = (agency: { siteId: number; siteName: string }): OrderTickets => [
  { position: 0, label: 'Abonnement annuel tout public', count: 1, place: { delivery: 'WALLET' } },
  {
    position: 1,
    label: 'Carnet de 10 voyages',
    count: 2,
    place: { delivery: 'CARD', mediaId: null, cardNumber: null, loadedAt: null },
  },
  {
    position: 1,
    label: 'Carnet de 10 voyages',
    count: 1,
    place: { delivery: 'CARD', mediaId: 9, cardNumber: '2501 0042 7', loadedAt: null },
  },
  {
    position: 1,
    label: 'Carnet de 10 voyages',
    count: 3,
    place: { delivery: 'CARD', mediaId: 9, cardNumber: '2501 0042 7', loadedAt: '2026-11-24T17:30:00.000Z' },
  },
  {
    position: 2,
    label: 'Pass 7 jours',
    count: 1,
    place: { delivery: 'COLLECT', ...agency, from: '2026-11-25T08:00:00.000Z' },
  },
];

describe('order confirmation email', () => {
  it('CHK-07 gives the order number, lines, total, payment schedule and the invoice attached', () => {
    const mail = orderConfirmationEmail({
      network: lumiere,
      to: 'camille.durand@example.org',
      firstName: 'Camille',
      orderNumber: 'C-2026-0042',
      invoice: frenchInvoice,
      invoicePdf: PDF,
      tickets: [],
      guestTickets: null,
    });
    expect(mail.subject).toBe('Lumière Mobilités\u202f: confirmation de votre commande C-2026-0042');
    const text = mail.text.replace(/[\u00A0\u202F\u2009]/g, ' ');
    for (const expected of [
      'Bonjour Camille,',
      'Merci pour votre commande C-2026-0042 du 23 novembre 2026.',
      '- Abonnement annuel tout public: 550,00 €\n  Validité : 1 janvier – 31 décembre 2027\n  Voyageur : Camille Durand',
      '- Carnet de 10 voyages × 3: 49,50 €\n  Voyageur : Léo Durand',
      '- Remise : Code BIENVENUE: -9,92 €',
      '- Total TTC: 594,50 €',
      'Moyen de paiement : Carte bancaire',
      '- Échéance 1, 23 novembre 2026: 59,45 €',
      '- Échéance 10, 23 août 2027: 59,45 €',
      'Votre facture LUM-000042 est jointe à cet e-mail.',
    ])
      expect(text).toContain(expected);
    // No agency for an order that is not collected.
    expect(text).not.toContain(INVOICE_MESSAGES.fr.collectReady);
    expect(mail.html).toContain(formatMoney(59_450, 'EUR', 'fr'));
    expect(mail.html?.replace(/[\u00A0\u202F\u2009]/g, ' ')).toContain(
      'Abonnement annuel tout public<br><span style="font-size:13px;color:#555555">Validité : 1 janvier – 31 décembre 2027</span>',
    );
    expect(mail.attachments).toEqual([
      {
        filename: 'LUM-000042.pdf',
        contentType: 'application/pdf',
        contentBase64: Buffer.from(PDF).toString('base64'),
      },
    ]);
  });

  it('CHK-06 names the agency and the slot and says the tickets are ready 48 to 72 hours after the order, right to left in Arabic', () => {
    const mail = orderConfirmationEmail({
      network: wahat,
      to: 'salma.benali@example.org',
      firstName: 'سلمى',
      orderNumber: 'W-7',
      invoice: arabicInvoice,
      invoicePdf: PDF,
      tickets: [],
      guestTickets: null,
    });
    expect(mail.headers?.['Content-Language']).toBe('ar');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('محطة الساحة الكبرى');
    expect(mail.text).toContain('ساحة الاستقلال، 40000، الواحة');
    expect(mail.text).toContain(INVOICE_MESSAGES.ar.collectReady);
    expect(mail.text).toContain('الموعد: الخميس، 26 نوفمبر 2026');
    expect(mail.text).toContain(`المجموع شامل الضريبة: ${formatMoney(28_000, 'MAD', 'ar')}`);
    expect(mail.text).toContain('بطاقة بنكية: مدفوع دفعة واحدة');
    expect(mail.text).toContain('- اشتراك شهري: ');
    expect(mail.text).toContain('  الصلاحية: 1–31 ديسمبر 2026\n  المسافر: سلمى بنعلي');
  });

  it('CHK-06 is written in the five languages, with the 48 to 72 hours in each', () => {
    for (const locale of LOCALES) {
      const mail = orderConfirmationEmail({
        network: lumiere,
        to: 'ada@example.org',
        firstName: null,
        orderNumber: 'C-1',
        invoice: buildInvoiceDocument({ ...lumiereOrder, locale, collect: wahatOrder.collect }),
        invoicePdf: PDF,
        tickets: [],
        guestTickets: null,
      });
      expect(mail.subject).toContain('C-1');
      expect(mail.text).toContain(INVOICE_MESSAGES[locale].collectReady);
      expect(mail.text).toMatch(/48.*72/);
      expect(mail.html).toContain(`lang="${locale}"`);
    }
  });

  it('reaches the SMTP server from the network, with the invoice PDF attached', async () => {
    const pdf = await renderInvoicePdf(frenchInvoice);
    const mailer = createMailer({
      smtpUrl: capture.url,
      outboxDir: '/nowhere',
      from: 'Transit shop <no-reply@shop.example>',
      logger: createLogger({ level: 'silent' }),
    });
    try {
      await mailer.sendMail(
        orderConfirmationEmail({
          network: lumiere,
          to: 'camille.durand@example.org',
          firstName: 'Camille',
          orderNumber: 'C-2026-0042',
          invoice: frenchInvoice,
          invoicePdf: pdf,
          tickets: [],
          guestTickets: null,
        }),
      );
      const [message] = await capture.waitForMessages(1);
      // Sent on Lumière's behalf: its name, at MAIL_FROM's address.
      expect(message?.headers.from).toBe('=?UTF-8?Q?Lumi=C3=A8re_Mobilit=C3=A9s?= <no-reply@shop.example>');
      expect(message?.headers['content-type']).toMatch(/^multipart\/mixed/);
      expect(message?.raw).toContain('Content-Disposition: attachment; filename=LUM-000042.pdf');
      const encoded = message?.raw
        .split('filename=LUM-000042.pdf')[1]
        ?.split(/\r?\n\r?\n/)[1]
        ?.split(/\r?\n--/)[0];
      const received = Buffer.from(encoded?.replace(/\s/g, '') ?? '', 'base64');
      expect(received.equals(Buffer.from(pdf))).toBe(true);
    } finally {
      mailer.close();
    }
  });

  it('says where each line’s tickets are: the wallet with its link, a card, an agency from its date in Paris time', () => {
    const mail = orderConfirmationEmail({
      network: lumiere,
      to: 'camille.durand@example.org',
      firstName: 'Camille',
      orderNumber: 'C-2026-0042',
      invoice: frenchInvoice,
      invoicePdf: PDF,
      tickets: everyPlace({ siteId: 11, siteName: 'Agence Gare Centrale' }),
      guestTickets: null,
    });
    const text = spaced(mail.text);
    for (const expected of [
      'Où sont vos titres\n- Abonnement annuel tout public: Dans votre portefeuille',
      '- Carnet de 10 voyages × 2: À charger sur votre carte de transport',
      '- Carnet de 10 voyages: À charger sur votre carte 2501 0042 7',
      '- Carnet de 10 voyages × 3: Chargé sur votre carte 2501 0042 7 le 24 novembre 2026 à 18:30',
      '- Pass 7 jours: À retirer à Agence Gare Centrale à partir du 25 novembre 2026 à 09:00',
      'Ouvrir mon portefeuille:\nhttp://lumiere.localhost/account/wallet',
    ])
      expect(text).toContain(expected);
    expect(mail.html).toContain('href="http://lumiere.localhost/account/wallet"');
    // A customer's tickets are in their wallet: nothing to print is attached.
    expect(mail.attachments?.map((attachment) => attachment.filename)).toEqual(['LUM-000042.pdf']);
  });

  it('says where each line’s tickets are in Arabic, with the wallet under the Arabic address, in Casablanca time', () => {
    const mail = orderConfirmationEmail({
      network: wahat,
      to: 'salma.benali@example.org',
      firstName: 'سلمى',
      orderNumber: 'W-7',
      invoice: arabicInvoice,
      invoicePdf: PDF,
      tickets: everyPlace({ siteId: 21, siteName: 'محطة الساحة الكبرى' }),
      guestTickets: null,
    });
    const text = spaced(mail.text);
    for (const expected of [
      'أين توجد تذاكرك',
      '- Abonnement annuel tout public: في محفظتك',
      '- Carnet de 10 voyages × 2: للتحميل على بطاقة النقل الخاصة بك',
      '- Carnet de 10 voyages: للتحميل على بطاقتك 2501 0042 7',
      // 08:00 UTC is 09:00 in Casablanca (UTC+1).
      '- Pass 7 jours: للاستلام من محطة الساحة الكبرى ابتداءً من 25 نوفمبر 2026',
      'فتح محفظتي:\nhttp://wahat.localhost/ar/account/wallet',
    ])
      expect(text).toContain(expected);
    expect(text).toMatch(/ابتداءً من 25 نوفمبر 2026[^\n]*9:00/);
    expect(mail.html).toContain('dir="rtl"');
  });

  it('gives a guest the link to the order’s tickets and attaches each printed pass; its journey tickets are on the tickets page', () => {
    const ticketPdf = new TextEncoder().encode('%PDF-1.7 ticket\n%%EOF\n');
    const mail = orderConfirmationEmail({
      network: lumiere,
      to: 'guest@example.org',
      firstName: null,
      orderNumber: 'C-9',
      invoice: frenchInvoice,
      invoicePdf: PDF,
      tickets: [
        { position: 0, label: 'Ticket 1 voyage', count: 2, place: { delivery: 'WALLET' } },
        { position: 1, label: 'Pass 24 heures', count: 2, place: { delivery: 'WALLET' } },
      ],
      guestTickets: {
        reference: 'R'.repeat(43),
        printed: [
          { position: 1, pdf: ticketPdf },
          { position: 1, pdf: ticketPdf },
        ],
      },
    });
    const text = spaced(mail.text);
    expect(text).toContain('- Ticket 1 voyage × 2: En ligne, sur la page de vos titres');
    expect(text).toContain('- Pass 24 heures × 2: En ligne, et joints à cet e-mail');
    expect(text).toContain(`Voir mes titres:\nhttp://lumiere.localhost/wallet/guest/${'R'.repeat(43)}`);
    expect(text).not.toContain('/account/wallet');
    expect(text).toContain('Vos titres à imprimer sont joints à cet e-mail, un PDF par titre.');
    expect(mail.attachments?.map((attachment) => attachment.filename)).toEqual([
      'LUM-000042.pdf',
      'ticket-1.pdf',
      'ticket-2.pdf',
    ]);
  });

  it('tells a guest whose tickets could not be printed that they are on the tickets page, without saying they are attached', () => {
    const mail = orderConfirmationEmail({
      network: lumiere,
      to: 'guest@example.org',
      firstName: null,
      orderNumber: 'C-9',
      invoice: frenchInvoice,
      invoicePdf: PDF,
      tickets: [{ position: 0, label: 'Ticket 1 voyage', count: 2, place: { delivery: 'WALLET' } }],
      guestTickets: { reference: 'R'.repeat(43), printed: [] },
    });
    const text = spaced(mail.text);
    expect(text).toContain('- Ticket 1 voyage × 2: En ligne, sur la page de vos titres');
    expect(text).toContain(`http://lumiere.localhost/wallet/guest/${'R'.repeat(43)}`);
    expect(text).not.toContain('joints à cet e-mail, un PDF');
    expect(mail.attachments).toHaveLength(1);
  });

  it('says where tickets are in the five languages', () => {
    const texts = LOCALES.map(
      (locale) =>
        orderConfirmationEmail({
          network: lumiere,
          to: 'ada@example.org',
          firstName: null,
          orderNumber: 'C-1',
          invoice: buildInvoiceDocument({ ...lumiereOrder, locale }),
          invoicePdf: PDF,
          tickets: everyPlace({ siteId: 11, siteName: 'Agence Gare Centrale' }),
          guestTickets: null,
        }).text,
    );
    // The line's second row: the first is its amount in the order's table.
    const sections = texts.map(
      (text) => text.split('\n- Abonnement annuel tout public: ')[2]?.split('\n')[0],
    );
    expect(new Set(sections).size).toBe(LOCALES.length);
    for (const [index, locale] of LOCALES.entries())
      expect(texts[index]).toContain(locale === 'fr' ? '/account/wallet' : `/${locale}/account/wallet`);
  });
});
