// The invoice's texts in the five languages, and the numbers, amounts and dates as each language
// writes them (Latin digits in Arabic too: the Noto Sans Arabic font draws Arabic letters only).
import type { ValidityPeriod } from '@transit-shop/sdk/catalogue/validity-period';
import type { OnlinePaymentMethod } from '@transit-shop/sdk/contract/checkout';
import type { Locale } from '@transit-shop/sdk/locales';

export type InvoiceMessages = {
  title: string;
  number: string;
  issuedOn: string;
  orderId: string;
  orderDate: string;
  seller: string;
  buyer: string;
  vatNumber: string;
  registration: string;
  contact: string;
  columns: {
    label: string;
    quantity: string;
    unitPrice: string;
    vatRate: string;
    exclTax: string;
    vat: string;
    inclTax: string;
  };
  discount: string;
  /** Before the period a line's product covers. */
  validity: string;
  /** Before the name of whom a line is for. */
  traveller: string;
  vatBreakdown: string;
  breakdown: { rate: string; base: string; vat: string; total: string };
  totalExclTax: string;
  totalVat: string;
  totalInclTax: string;
  payment: string;
  methods: Record<OnlinePaymentMethod, string>;
  singlePayment: string;
  instalments: string;
  dueDate: string;
  amount: string;
  collect: string;
  agency: string;
  slot: string;
  /** CHK-06. */
  collectReady: string;
  legal: string[];
};

export const INVOICE_MESSAGES: Record<Locale, InvoiceMessages> = {
  fr: {
    title: 'Facture',
    number: 'Facture n°',
    issuedOn: 'Date d’émission',
    orderId: 'Commande',
    orderDate: 'Date de commande',
    seller: 'Vendeur',
    buyer: 'Client',
    vatNumber: 'N° de TVA',
    registration: 'Immatriculation',
    contact: 'Contact',
    columns: {
      label: 'Désignation',
      quantity: 'Qté',
      unitPrice: 'P.U. TTC',
      vatRate: 'TVA',
      exclTax: 'Total HT',
      vat: 'Montant TVA',
      inclTax: 'Total TTC',
    },
    discount: 'Remise',
    validity: 'Validité',
    traveller: 'Voyageur',
    vatBreakdown: 'Détail de la TVA',
    breakdown: { rate: 'Taux', base: 'Base HT', vat: 'TVA', total: 'TTC' },
    totalExclTax: 'Total HT',
    totalVat: 'Total TVA',
    totalInclTax: 'Total TTC',
    payment: 'Moyen de paiement',
    methods: { CARD: 'Carte bancaire', TRANSFER: 'Prélèvement SEPA' },
    singlePayment: 'Payé en une fois',
    instalments: 'Échéancier',
    dueDate: 'Échéance',
    amount: 'Montant',
    collect: 'Retrait en agence',
    agency: 'Agence',
    slot: 'Créneau',
    collectReady: 'Vos titres seront disponibles à l’agence 48 à 72 heures après la commande.',
    legal: [
      'Prix toutes taxes comprises. Pas d’escompte pour paiement anticipé.',
      'Facture émise par {seller}. Pour toute question\u00A0: {email}.',
    ],
  },
  en: {
    title: 'Invoice',
    number: 'Invoice no.',
    issuedOn: 'Issue date',
    orderId: 'Order',
    orderDate: 'Order date',
    seller: 'Seller',
    buyer: 'Customer',
    vatNumber: 'VAT no.',
    registration: 'Registration',
    contact: 'Contact',
    columns: {
      label: 'Description',
      quantity: 'Qty',
      unitPrice: 'Unit price incl. VAT',
      vatRate: 'VAT',
      exclTax: 'Excl. VAT',
      vat: 'VAT amount',
      inclTax: 'Incl. VAT',
    },
    discount: 'Discount',
    validity: 'Valid',
    traveller: 'Traveller',
    vatBreakdown: 'VAT breakdown',
    breakdown: { rate: 'Rate', base: 'Excl. VAT', vat: 'VAT', total: 'Incl. VAT' },
    totalExclTax: 'Total excl. VAT',
    totalVat: 'Total VAT',
    totalInclTax: 'Total incl. VAT',
    payment: 'Payment method',
    methods: { CARD: 'Bank card', TRANSFER: 'SEPA direct debit' },
    singlePayment: 'Paid in one payment',
    instalments: 'Instalment schedule',
    dueDate: 'Due date',
    amount: 'Amount',
    collect: 'Pick-up at an agency',
    agency: 'Agency',
    slot: 'Time slot',
    collectReady: 'Your tickets will be available at the agency 48 to 72 hours after the order.',
    legal: [
      'Prices include VAT. No discount for early payment.',
      'Invoice issued by {seller}. Questions: {email}.',
    ],
  },
  ar: {
    title: 'فاتورة',
    number: 'رقم الفاتورة',
    issuedOn: 'تاريخ الإصدار',
    orderId: 'الطلب',
    orderDate: 'تاريخ الطلب',
    seller: 'البائع',
    buyer: 'الزبون',
    vatNumber: 'الرقم الضريبي',
    registration: 'رقم التسجيل',
    contact: 'للتواصل',
    columns: {
      label: 'البيان',
      quantity: 'الكمية',
      unitPrice: 'سعر الوحدة شامل الضريبة',
      vatRate: 'الضريبة',
      exclTax: 'دون الضريبة',
      vat: 'مبلغ الضريبة',
      inclTax: 'شامل الضريبة',
    },
    discount: 'تخفيض',
    validity: 'الصلاحية',
    traveller: 'المسافر',
    vatBreakdown: 'تفصيل الضريبة على القيمة المضافة',
    breakdown: { rate: 'النسبة', base: 'دون الضريبة', vat: 'الضريبة', total: 'شامل الضريبة' },
    totalExclTax: 'المجموع دون الضريبة',
    totalVat: 'مجموع الضريبة',
    totalInclTax: 'المجموع شامل الضريبة',
    payment: 'وسيلة الدفع',
    methods: { CARD: 'بطاقة بنكية', TRANSFER: 'اقتطاع بنكي SEPA' },
    singlePayment: 'مدفوع دفعة واحدة',
    instalments: 'جدول الأقساط',
    dueDate: 'تاريخ الاستحقاق',
    amount: 'المبلغ',
    collect: 'الاستلام من الوكالة',
    agency: 'الوكالة',
    slot: 'الموعد',
    collectReady: 'ستكون تذاكرك متاحة في الوكالة بعد 48 إلى 72 ساعة من الطلب.',
    legal: [
      'الأسعار شاملة للضريبة على القيمة المضافة. لا خصم على الدفع المسبق.',
      'فاتورة صادرة عن {seller}. للاستفسار: {email}.',
    ],
  },
  it: {
    title: 'Fattura',
    number: 'Fattura n.',
    issuedOn: 'Data di emissione',
    orderId: 'Ordine',
    orderDate: 'Data dell’ordine',
    seller: 'Venditore',
    buyer: 'Cliente',
    vatNumber: 'Partita IVA',
    registration: 'Registro imprese',
    contact: 'Contatto',
    columns: {
      label: 'Descrizione',
      quantity: 'Qtà',
      unitPrice: 'Prezzo unit. IVA incl.',
      vatRate: 'IVA',
      exclTax: 'Imponibile',
      vat: 'Importo IVA',
      inclTax: 'Totale IVA incl.',
    },
    discount: 'Sconto',
    validity: 'Validità',
    traveller: 'Viaggiatore',
    vatBreakdown: 'Riepilogo IVA',
    breakdown: { rate: 'Aliquota', base: 'Imponibile', vat: 'IVA', total: 'Totale' },
    totalExclTax: 'Totale imponibile',
    totalVat: 'Totale IVA',
    totalInclTax: 'Totale IVA inclusa',
    payment: 'Metodo di pagamento',
    methods: { CARD: 'Carta di pagamento', TRANSFER: 'Addebito diretto SEPA' },
    singlePayment: 'Pagato in un’unica soluzione',
    instalments: 'Piano delle rate',
    dueDate: 'Scadenza',
    amount: 'Importo',
    collect: 'Ritiro in agenzia',
    agency: 'Agenzia',
    slot: 'Fascia oraria',
    collectReady: 'I tuoi titoli saranno disponibili in agenzia da 48 a 72 ore dopo l’ordine.',
    legal: [
      'Prezzi IVA inclusa. Nessuno sconto per pagamento anticipato.',
      'Fattura emessa da {seller}. Per informazioni: {email}.',
    ],
  },
  es: {
    title: 'Factura',
    number: 'Factura n.º',
    issuedOn: 'Fecha de emisión',
    orderId: 'Pedido',
    orderDate: 'Fecha del pedido',
    seller: 'Vendedor',
    buyer: 'Cliente',
    vatNumber: 'N.º de IVA',
    registration: 'Registro mercantil',
    contact: 'Contacto',
    columns: {
      label: 'Concepto',
      quantity: 'Cant.',
      unitPrice: 'Precio unit. IVA incl.',
      vatRate: 'IVA',
      exclTax: 'Base imponible',
      vat: 'Cuota IVA',
      inclTax: 'Total IVA incl.',
    },
    discount: 'Descuento',
    validity: 'Validez',
    traveller: 'Viajero',
    vatBreakdown: 'Desglose del IVA',
    breakdown: { rate: 'Tipo', base: 'Base', vat: 'IVA', total: 'Total' },
    totalExclTax: 'Base imponible total',
    totalVat: 'Total IVA',
    totalInclTax: 'Total IVA incluido',
    payment: 'Forma de pago',
    methods: { CARD: 'Tarjeta bancaria', TRANSFER: 'Adeudo directo SEPA' },
    singlePayment: 'Pagado en un solo pago',
    instalments: 'Calendario de plazos',
    dueDate: 'Vencimiento',
    amount: 'Importe',
    collect: 'Recogida en agencia',
    agency: 'Agencia',
    slot: 'Franja horaria',
    collectReady: 'Tus títulos estarán disponibles en la agencia entre 48 y 72 horas después del pedido.',
    legal: [
      'Precios con IVA incluido. Sin descuento por pronto pago.',
      'Factura emitida por {seller}. Consultas: {email}.',
    ],
  },
};

/** The names the law of the seller's country gives its identifiers, beside the translated label. */
const IDENTIFIER_NAMES: Record<string, { vat: string; registration: string }> = {
  FR: { vat: 'TVA intracommunautaire', registration: 'SIREN / RCS' },
  MA: { vat: 'IF', registration: 'ICE' },
  CH: { vat: 'IDE TVA / MWST', registration: 'IDE / UID' },
};

export function identifierLabels(country: string, locale: Locale): { vat: string; registration: string } {
  const messages = INVOICE_MESSAGES[locale];
  const names = IDENTIFIER_NAMES[country];
  return names
    ? {
        vat: `${messages.vatNumber} (${names.vat})`,
        registration: `${messages.registration} (${names.registration})`,
      }
    : { vat: messages.vatNumber, registration: messages.registration };
}

/** Intl's locale for a language: Latin digits in Arabic. */
export const intlLocaleOf = (locale: Locale) => (locale === 'ar' ? 'ar-u-nu-latn' : locale);

// Intl's formatters are slow to build and every invoice asks for the same few: each is built once.
const numberFormats = new Map<string, { format: Intl.NumberFormat; digits: number }>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, key: string, options: Intl.NumberFormatOptions) {
  const id = `${locale}|${key}`;
  let found = numberFormats.get(id);
  if (!found) {
    const format = new Intl.NumberFormat(intlLocaleOf(locale), options);
    found = { format, digits: format.resolvedOptions().maximumFractionDigits ?? 2 };
    numberFormats.set(id, found);
  }
  return found;
}

function dateFormat(locale: Locale, key: string, options: Intl.DateTimeFormatOptions) {
  const id = `${locale}|${key}`;
  let format = dateFormats.get(id);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleOf(locale), options);
    dateFormats.set(id, format);
  }
  return format;
}

/** An amount in minor units, in the currency and the language. */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const { format, digits } = numberFormat(locale, `money|${currency}`, { style: 'currency', currency });
  return format.format(minor / 10 ** digits);
}

/** A VAT rate in basis points as a percentage: 10 %, 8,1 %, 5,5 %. */
export const formatRate = (basisPoints: number, locale: Locale) =>
  numberFormat(locale, 'rate', { style: 'percent', maximumFractionDigits: 2 }).format.format(
    basisPoints / 10_000,
  );

export const formatDate = (instant: string | Date, locale: Locale, timeZone: string) =>
  dateFormat(locale, `date|${timeZone}`, { dateStyle: 'long', timeZone }).format(new Date(instant));

/** A date given as YYYY-MM-DD (a due date), printed as written, whatever the time zone. */
export const formatCalendarDate = (date: string, locale: Locale) =>
  dateFormat(locale, 'date|UTC', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/**
 * The period a line's product covers: its days, both included, as written (a month, a week), or
 * its start and end times in the network's time zone (a day pass from its slot), shorter to fit
 * the line's column.
 */
export function formatPeriod(period: ValidityPeriod, locale: Locale, timeZone: string): string {
  if (period.kind === 'DAYS')
    return dateFormat(locale, 'date|UTC', { dateStyle: 'long', timeZone: 'UTC' }).formatRange(
      new Date(`${period.from}T00:00:00Z`),
      new Date(`${period.to}T00:00:00Z`),
    );
  // Months by name: Arabic's numeric dates rely on bidi marks the PDF does not draw.
  return dateFormat(locale, `times|${timeZone}`, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(new Date(period.from), new Date(period.to));
}

/** What a line says under its label: the period its product covers and whom it is for, when known. */
export const lineDetails = (
  line: { period: ValidityPeriod | null; traveller: string | null },
  locale: Locale,
  timeZone: string,
): string[] => {
  const m = INVOICE_MESSAGES[locale];
  return [
    ...(line.period ? [labelled(m.validity, formatPeriod(line.period, locale, timeZone), locale)] : []),
    ...(line.traveller ? [labelled(m.traveller, line.traveller, locale)] : []),
  ];
};

/** A pick-up slot: its day, then its start and end times, in the network's time zone. */
export const formatSlot = (start: string | Date, end: string | Date, locale: Locale, timeZone: string) =>
  dateFormat(locale, `slot|${timeZone}`, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone,
  }).formatRange(new Date(start), new Date(end));

/** A label and its value: French puts a no-break space before the colon. */
export const labelled = (label: string, value: string, locale: Locale) =>
  `${label}${locale === 'fr' ? '\u00A0:' : ':'} ${value}`;

/** Replaces each `{name}` of a text by its value. */
export const fillText = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
