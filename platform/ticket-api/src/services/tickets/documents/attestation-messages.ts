// The texts of a contract's documents (the attestation, the printed ticket, the sticker) in the
// five languages, and the validity as each language writes it in the network's time zone (Latin
// digits in Arabic, as the invoice: the Arabic font draws Arabic letters only), its ends as the
// wallet and ticket:verify show them (decision 0038).
import type { Locale } from '@transit-shop/sdk/locales';
import { networkInstantText, shownEndOf, wallClockDateOf } from '@transit-shop/sdk/time/network-instant';
import { fill } from '../../../mail/templates/email-layout.ts';
import { intlLocaleOf } from '../../invoices/invoice-messages.ts';
import type { ContractFacts } from './contract-facts.ts';

export type AttestationMessages = {
  title: string;
  /** Under the title: what is attested. */
  statement: string;
  holder: string;
  traveller: string;
  product: string;
  validity: string;
  /** A ticket not activated yet: until when it may be. */
  usableUntil: string;
  /** A journey or first-use ticket with no known window and no limit. */
  onActivation: string;
  journeysLeft: string;
  amountPaid: string;
  orderNumber: string;
  invoiceNumber: string;
  contractId: string;
  seller: string;
  issuedOn: string;
  /** The printed ticket's line under its code. */
  printedNotice: string;
};

export const ATTESTATION_MESSAGES: Record<Locale, AttestationMessages> = {
  fr: {
    title: 'Attestation d’achat et de validité',
    statement: 'Nous attestons que le titre de transport ci-dessous a été acheté et payé auprès de {seller}.',
    holder: 'Titulaire',
    traveller: 'Voyageur',
    product: 'Titre de transport',
    validity: 'Validité',
    usableUntil: 'À valider avant le {date}',
    onActivation: 'À partir de la validation',
    journeysLeft: 'Voyages restants',
    amountPaid: 'Montant payé',
    orderNumber: 'Commande n°',
    invoiceNumber: 'Facture n°',
    contractId: 'Référence du titre',
    seller: 'Vendeur',
    issuedOn: 'Attestation émise le {date}',
    printedNotice: 'Présentez ce code au contrôle.',
  },
  en: {
    title: 'Certificate of purchase and validity',
    statement: 'We certify that the ticket below was bought and paid for from {seller}.',
    holder: 'Holder',
    traveller: 'Traveller',
    product: 'Ticket',
    validity: 'Validity',
    usableUntil: 'To be activated by {date}',
    onActivation: 'From activation',
    journeysLeft: 'Journeys left',
    amountPaid: 'Amount paid',
    orderNumber: 'Order no.',
    invoiceNumber: 'Invoice no.',
    contractId: 'Ticket reference',
    seller: 'Seller',
    issuedOn: 'Certificate issued on {date}',
    printedNotice: 'Show this code to the inspector.',
  },
  ar: {
    title: 'شهادة شراء وصلاحية',
    statement: 'نشهد بأن تذكرة النقل أدناه قد اشتُريت ودُفع ثمنها لدى {seller}.',
    holder: 'صاحب الحساب',
    traveller: 'المسافر',
    product: 'تذكرة النقل',
    validity: 'الصلاحية',
    usableUntil: 'تُفعَّل قبل {date}',
    onActivation: 'ابتداءً من التفعيل',
    journeysLeft: 'الرحلات المتبقية',
    amountPaid: 'المبلغ المدفوع',
    orderNumber: 'رقم الطلب',
    invoiceNumber: 'رقم الفاتورة',
    contractId: 'مرجع التذكرة',
    seller: 'البائع',
    issuedOn: 'صدرت الشهادة في {date}',
    printedNotice: 'اعرض هذا الرمز عند المراقبة.',
  },
  it: {
    title: 'Attestato di acquisto e di validità',
    statement: 'Attestiamo che il titolo di viaggio qui sotto è stato acquistato e pagato presso {seller}.',
    holder: 'Titolare',
    traveller: 'Viaggiatore',
    product: 'Titolo di viaggio',
    validity: 'Validità',
    usableUntil: 'Da convalidare entro il {date}',
    onActivation: 'Dalla convalida',
    journeysLeft: 'Corse rimanenti',
    amountPaid: 'Importo pagato',
    orderNumber: 'Ordine n.',
    invoiceNumber: 'Fattura n.',
    contractId: 'Riferimento del titolo',
    seller: 'Venditore',
    issuedOn: 'Attestato emesso il {date}',
    printedNotice: 'Mostra questo codice al controllo.',
  },
  es: {
    title: 'Certificado de compra y validez',
    statement: 'Certificamos que el título de transporte siguiente se compró y pagó a {seller}.',
    holder: 'Titular',
    traveller: 'Viajero',
    product: 'Título de transporte',
    validity: 'Validez',
    usableUntil: 'Validar antes del {date}',
    onActivation: 'Desde la validación',
    journeysLeft: 'Viajes restantes',
    amountPaid: 'Importe pagado',
    orderNumber: 'Pedido n.º',
    invoiceNumber: 'Factura n.º',
    contractId: 'Referencia del título',
    seller: 'Vendedor',
    issuedOn: 'Certificado emitido el {date}',
    printedNotice: 'Muestra este código en el control.',
  },
};

const dateTimeFormat = (lang: Locale, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocaleOf(lang), { dateStyle: 'long', timeStyle: 'short', timeZone });

/** An instant as the language writes it in the network's time zone, date and time. */
export const formatDateTime = (instant: Date, lang: Locale, timeZone: string) =>
  dateTimeFormat(lang, timeZone).format(instant);

/**
 * The contract's validity: its window, else until when it may be activated, else from activation.
 * Each instant is read as the network's clock shows it (the text the wallet is answered), an end at
 * midnight as its day's last minute (shownEndOf), so the documents, the wallet and ticket:verify
 * give the same times.
 */
export function validityText(
  facts: Pick<ContractFacts, 'validFrom' | 'validTo' | 'usableUntil' | 'lang'>,
  timeZone: string,
): string {
  const m = ATTESTATION_MESSAGES[facts.lang];
  const wall = (instant: Date, end = false) => {
    const text = networkInstantText(instant, timeZone);
    return wallClockDateOf(end ? shownEndOf(text) : text);
  };
  const format = dateTimeFormat(facts.lang, 'UTC');
  if (facts.validFrom && facts.validTo)
    return format.formatRange(wall(facts.validFrom), wall(facts.validTo, true));
  if (facts.usableUntil) return fill(m.usableUntil, { date: format.format(wall(facts.usableUntil, true)) });
  return m.onActivation;
}

/**
 * Journeys left out of the total ("3 / 10", kept left to right in Arabic by an isolate); null when
 * the contract does not count them.
 */
export const journeysText = (facts: Pick<ContractFacts, 'journeysLeft' | 'journeysTotal'>) =>
  facts.journeysTotal === null ? null : `\u2066${facts.journeysLeft ?? 0} / ${facts.journeysTotal}\u2069`;
