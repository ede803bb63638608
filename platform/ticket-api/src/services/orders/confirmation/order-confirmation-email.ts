// The confirmation of a placed order (CHK-07: a guest's invoice goes by email too): the order's
// number, lines (each with the period it covers and its traveller) and total, how it is paid and
// the instalment schedule, the agency and slot of a collected order with when its tickets are ready
// (CHK-06), and the invoice PDF attached.
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import type { MailMessage } from '../../../mail/mail-message.ts';
import { fill, renderEmail } from '../../../mail/templates/email-layout.ts';
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

const TEXTS: Record<
  Locale,
  { subject: string; body: string; order: string; total: string; invoice: string; instalment: string }
> = {
  fr: {
    subject: '{network} : confirmation de votre commande {order}',
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
}): MailMessage {
  const { network, invoice } = options;
  const { locale, currency, timeZone } = invoice;
  const texts = TEXTS[locale];
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
  const tables = [
    { title: texts.order, rows: orderRows },
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
    closing: [...(collect ? [m.collectReady] : []), fill(texts.invoice, values)],
    attachments: [
      {
        filename: `${invoice.number}.pdf`,
        contentType: 'application/pdf',
        contentBase64: Buffer.from(options.invoicePdf).toString('base64'),
      },
    ],
  });
}
