// The confirmation of a placed order (CHK-07: a guest's invoice goes by email too): the order's
// number, lines (each with the period it covers and its traveller) and total, how it is paid and
// the instalment schedule, the agency and slot of a collected order with when its tickets are ready
// (CHK-06), and the invoice PDF attached. Where each line's tickets are (decision 0030): in the
// wallet (a link to it), to be loaded on a card, to collect at an agency from a date; a guest gets
// the link to the order's tickets and each dematerialised ticket as a PDF to print.
import type { ContractPlace, OrderTickets } from '@transit-shop/sdk/contract/wallet';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../../../mail/mail-message.ts';
import { fill, renderEmail, shopLink } from '../../../mail/templates/email-layout.ts';
import { greeting } from '../../../mail/templates/greeting.ts';
import type { InvoiceDocument } from '../../invoices/invoice-document.ts';
import {
  formatCalendarDate,
  formatDate,
  formatMoney,
  formatSlot,
  INVOICE_MESSAGES,
  labelled,
  lineDetails,
} from '../../invoices/invoice-messages.ts';
import { formatDateTime } from '../../tickets/documents/attestation-messages.ts';
import type { PrintedTicket } from '../../tickets/printed-tickets-of-order.ts';

type TicketsTexts = {
  title: string;
  wallet: string;
  /** A guest's wallet tickets: on the tickets page and attached. */
  guestWallet: string;
  /** A guest's wallet tickets when none is attached: on the tickets page. */
  guestOnline: string;
  card: string;
  /** Contracts a validation of the card already loaded. */
  cardLoaded: string;
  /** A card not named yet. */
  cardUnknown: string;
  collect: string;
  walletAction: string;
  guestAction: string;
  attached: string;
};

export const TICKETS_TEXTS: Record<Locale, TicketsTexts> = {
  fr: {
    title: 'Où sont vos titres',
    wallet: 'Dans votre portefeuille',
    guestWallet: 'En ligne, et joints à cet e-mail',
    guestOnline: 'En ligne, sur la page de vos titres',
    card: 'À charger sur votre carte {card}',
    cardLoaded: 'Chargé sur votre carte {card} le {date}',
    cardUnknown: 'À charger sur votre carte de transport',
    collect: 'À retirer à {agency} à partir du {date}',
    walletAction: 'Ouvrir mon portefeuille',
    guestAction: 'Voir mes titres',
    attached: 'Vos titres à imprimer sont joints à cet e-mail, un PDF par titre.',
  },
  en: {
    title: 'Where your tickets are',
    wallet: 'In your wallet',
    guestWallet: 'Online, and attached to this email',
    guestOnline: 'Online, on your tickets page',
    card: 'To be loaded on your card {card}',
    cardLoaded: 'Loaded on your card {card} on {date}',
    cardUnknown: 'To be loaded on your transport card',
    collect: 'To collect at {agency} from {date}',
    walletAction: 'Open my wallet',
    guestAction: 'See my tickets',
    attached: 'Your tickets to print are attached to this email, one PDF per ticket.',
  },
  ar: {
    title: 'أين توجد تذاكرك',
    wallet: 'في محفظتك',
    guestWallet: 'على الإنترنت، ومرفقة بهذه الرسالة',
    guestOnline: 'على الإنترنت، في صفحة تذاكرك',
    card: 'للتحميل على بطاقتك {card}',
    cardLoaded: 'تم التحميل على بطاقتك {card} في {date}',
    cardUnknown: 'للتحميل على بطاقة النقل الخاصة بك',
    collect: 'للاستلام من {agency} ابتداءً من {date}',
    walletAction: 'فتح محفظتي',
    guestAction: 'عرض تذاكري',
    attached: 'تذاكرك القابلة للطباعة مرفقة بهذه الرسالة، ملف PDF لكل تذكرة.',
  },
  it: {
    title: 'Dove sono i tuoi titoli',
    wallet: 'Nel tuo portafoglio',
    guestWallet: 'Online, e allegati a questa email',
    guestOnline: 'Online, nella pagina dei tuoi titoli',
    card: 'Da caricare sulla tua tessera {card}',
    cardLoaded: 'Caricato sulla tua tessera {card} il {date}',
    cardUnknown: 'Da caricare sulla tua tessera di trasporto',
    collect: 'Da ritirare presso {agency} dal {date}',
    walletAction: 'Apri il mio portafoglio',
    guestAction: 'Vedi i miei titoli',
    attached: 'I tuoi titoli da stampare sono allegati a questa email, un PDF per titolo.',
  },
  es: {
    title: 'Dónde están tus títulos',
    wallet: 'En tu monedero',
    guestWallet: 'En línea, y adjuntos a este correo',
    guestOnline: 'En línea, en la página de tus títulos',
    card: 'Para cargar en tu tarjeta {card}',
    cardLoaded: 'Cargado en tu tarjeta {card} el {date}',
    cardUnknown: 'Para cargar en tu tarjeta de transporte',
    collect: 'Para recoger en {agency} a partir del {date}',
    walletAction: 'Abrir mi monedero',
    guestAction: 'Ver mis títulos',
    attached: 'Tus títulos para imprimir van adjuntos a este correo, un PDF por título.',
  },
};

/** Where a line's tickets are, as the email says it. */
function placeText(
  place: ContractPlace,
  holder: 'CUSTOMER' | 'GUEST' | 'GUEST_PRINTED',
  locale: Locale,
  timeZone: string,
): string {
  const texts = TICKETS_TEXTS[locale];
  switch (place.delivery) {
    case 'WALLET':
      return { CUSTOMER: texts.wallet, GUEST: texts.guestOnline, GUEST_PRINTED: texts.guestWallet }[holder];
    case 'CARD':
      if (!place.cardNumber) return texts.cardUnknown;
      return place.loadedAt
        ? fill(texts.cardLoaded, {
            card: place.cardNumber,
            date: formatDateTime(new Date(place.loadedAt), locale, timeZone),
          })
        : fill(texts.card, { card: place.cardNumber });
    case 'COLLECT':
      return fill(texts.collect, {
        agency: place.siteName,
        date: formatDateTime(new Date(place.from), locale, timeZone),
      });
  }
}

export const ORDER_EMAIL_TEXTS: Record<
  Locale,
  { subject: string; body: string; order: string; total: string; invoice: string; instalment: string }
> = {
  fr: {
    subject: '{network}\u202f: confirmation de votre commande {order}',
    body: 'Merci pour votre commande {order} du {date}. En voici le récapitulatif.',
    order: 'Votre commande',
    total: 'Total TTC',
    invoice: 'Votre facture {invoice} est jointe à cet e-mail.',
    instalment: 'Échéance {n}, {date}',
  },
  en: {
    subject: '{network}: your order {order} is confirmed',
    body: 'Thank you for your order {order} of {date}. Here is its summary.',
    order: 'Your order',
    total: 'Total incl. VAT',
    invoice: 'Your invoice {invoice} is attached to this email.',
    instalment: 'Instalment {n}, {date}',
  },
  ar: {
    subject: '{network}: تأكيد طلبك {order}',
    body: 'شكرًا على طلبك {order} بتاريخ {date}. إليك ملخصه.',
    order: 'طلبك',
    total: 'المجموع شامل الضريبة',
    invoice: 'فاتورتك {invoice} مرفقة بهذه الرسالة.',
    instalment: 'القسط {n}، {date}',
  },
  it: {
    subject: '{network}: il tuo ordine {order} è confermato',
    body: 'Grazie per il tuo ordine {order} del {date}. Eccone il riepilogo.',
    order: 'Il tuo ordine',
    total: 'Totale IVA inclusa',
    invoice: 'La fattura {invoice} è allegata a questa email.',
    instalment: 'Rata {n}, {date}',
  },
  es: {
    subject: '{network}: tu pedido {order} está confirmado',
    body: 'Gracias por tu pedido {order} del {date}. Este es su resumen.',
    order: 'Tu pedido',
    total: 'Total IVA incluido',
    invoice: 'Tu factura {invoice} va adjunta a este correo.',
    instalment: 'Plazo {n}, {date}',
  },
};

export function orderConfirmationEmail(options: {
  network: LoadedNetwork;
  to: string;
  firstName: string | null;
  /** The order's number as the buyer sees it in the shop. */
  orderNumber: string;
  /** The order's invoice, in the buyer's language (its locale is the email's). */
  invoice: InvoiceDocument;
  invoicePdf: Uint8Array;
  /** What each line issued and where. */
  tickets: OrderTickets;
  /** A guest's order: the reference of its tickets page and its printed tickets; null for a customer. */
  guestTickets: { reference: string; printed: readonly PrintedTicket[] } | null;
  /** The port the shop answers on, for its links (unset: the scheme's default). */
  shopPort?: number | undefined;
}): MailMessage {
  const { network, invoice } = options;
  const { locale, currency, timeZone } = invoice;
  const texts = ORDER_EMAIL_TEXTS[locale];
  const m = INVOICE_MESSAGES[locale];
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const values = {
    network: network.network.config.name,
    order: options.orderNumber,
    date: formatDate(invoice.order.date, locale, timeZone),
    invoice: invoice.number,
  };

  const orderRows = [
    ...invoice.lines.map((line) => ({
      label: line.quantity > 1 ? `${line.label} × ${line.quantity}` : line.label,
      value: money(line.amountInclTax),
      details: lineDetails(line, locale, timeZone),
    })),
    ...invoice.discounts.map((discount) => ({
      label: labelled(m.discount, discount.label, locale),
      value: money(discount.amountInclTax),
    })),
    { label: texts.total, value: money(invoice.totals.inclTax), strong: true },
  ];
  const method = m.methods[invoice.paymentMethod];
  const paymentRows = invoice.instalments
    ? invoice.instalments.map((instalment, index) => ({
        label: fill(texts.instalment, { n: index + 1, date: formatCalendarDate(instalment.dueDate, locale) }),
        value: money(instalment.amount),
      }))
    : [{ label: method, value: m.singlePayment }];
  const collect = invoice.collect;
  const guest = options.guestTickets;
  const ticketsTexts = TICKETS_TEXTS[locale];
  const ticketPdfs = guest?.printed ?? [];
  // A guest's line is "attached" when its tickets were printed (passes), else on the tickets page.
  const holderOf = (position: number) =>
    guest === null
      ? 'CUSTOMER'
      : ticketPdfs.some((printed) => printed.position === position)
        ? 'GUEST_PRINTED'
        : 'GUEST';
  const ticketRows = options.tickets.map((entry) => ({
    label: entry.count > 1 ? `${entry.label} × ${entry.count}` : entry.label,
    value: placeText(entry.place, holderOf(entry.position), locale, timeZone),
  }));
  const link = (path: string) => shopLink(network, locale, path, { port: options.shopPort });
  const action = guest
    ? { label: ticketsTexts.guestAction, url: link(`/wallet/guest/${guest.reference}`) }
    : options.tickets.some((entry) => entry.place.delivery === 'WALLET')
      ? { label: ticketsTexts.walletAction, url: link('/account/wallet') }
      : undefined;
  const tables = [
    { title: texts.order, rows: orderRows },
    ...(ticketRows.length > 0 ? [{ title: ticketsTexts.title, rows: ticketRows }] : []),
    { title: invoice.instalments ? labelled(m.payment, method, locale) : m.payment, rows: paymentRows },
    ...(collect
      ? [
          {
            title: m.collect,
            rows: [
              { label: m.agency, value: collect.siteName },
              {
                label: '',
                value: [
                  collect.address.addressRoute,
                  collect.address.addressPostalCode,
                  collect.address.addressCity,
                ]
                  .filter(Boolean)
                  .join(locale === 'ar' ? '، ' : ', '),
              },
              { label: m.slot, value: formatSlot(collect.slotStart, collect.slotEnd, locale, timeZone) },
            ],
          },
        ]
      : []),
  ];

  return renderEmail({
    network,
    locale,
    to: options.to,
    subject: fill(texts.subject, values),
    greeting: greeting(locale, options.firstName),
    paragraphs: [fill(texts.body, values)],
    tables,
    ...(action ? { action } : {}),
    closing: [
      ...(collect ? [m.collectReady] : []),
      ...(ticketPdfs.length > 0 ? [ticketsTexts.attached] : []),
      fill(texts.invoice, values),
    ],
    attachments: [
      {
        filename: `${invoice.number}.pdf`,
        contentType: 'application/pdf',
        contentBase64: Buffer.from(options.invoicePdf).toString('base64'),
      },
      ...ticketPdfs.map(({ pdf }, index) => ({
        filename: `ticket-${index + 1}.pdf`,
        contentType: 'application/pdf',
        contentBase64: Buffer.from(pdf).toString('base64'),
      })),
    ],
  });
}
