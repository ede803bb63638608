// Contracts' facts for the documents' tests: a French monthly pass and an Arabic carnet.
import type { ContractFacts } from './contract-facts.ts';

export const frenchPass: ContractFacts = {
  publicId: 'q1w2e3r4t5y6u7i8o9p0aB',
  productId: 5201,
  productName: 'Abonnement mensuel',
  kind: 'PERIOD',
  holderName: 'Camille Durand',
  travellerName: 'Léo Durand',
  // December 2026 in Europe/Paris: from its first day, 00:00, to the next midnight after its last.
  validFrom: new Date('2026-11-30T23:00:00.000Z'),
  validTo: new Date('2026-12-31T23:00:00.000Z'),
  usableUntil: null,
  journeysTotal: null,
  journeysLeft: null,
  amountPaid: 5_650,
  currency: 'EUR',
  orderNumber: '4711',
  invoiceNumber: 'LUM-000042',
  issuedAt: new Date('2026-11-23T09:00:00.000Z'),
  printedCode: 'eyJhbGciOiJFUzI1NiJ9.eyJ0aWQiOiJxMXcyZTNyNHQ1eTZ1N2k4bzlwMGFCIn0.c2lnbmF0dXJl',
  lang: 'fr',
};

export const arabicCarnet: ContractFacts = {
  ...frenchPass,
  publicId: 'Zx9Yw8Xv7Wu6Vt5Us4Tr3Q',
  productId: 5101,
  productName: 'تذكرة رحلة واحدة',
  kind: 'JOURNEYS',
  holderName: 'أمينة بنعلي',
  travellerName: 'سلمى بنعلي',
  validFrom: null,
  validTo: null,
  usableUntil: new Date('2027-11-23T23:00:00.000Z'),
  journeysTotal: 10,
  journeysLeft: 7,
  amountPaid: 1_900,
  currency: 'MAD',
  orderNumber: '815',
  invoiceNumber: null,
  lang: 'ar',
};
