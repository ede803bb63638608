// Orders for invoice tests: a Lumière order with two VAT rates, a discount and instalments, its lines
// for two travellers, and a Wahat order in Arabic collected at an agency.
import type { InvoiceOrderData } from './build-invoice-document.ts';

export const lumiereSeller = {
  legalName: 'Lumière Mobilités SPL',
  legalForm: 'Société publique locale au capital de 1 200 000 €, RCS Clairval 852 417 963',
  address: {
    addressRoute: '12 rue des Tanneurs',
    addressPostalCode: '69002',
    addressCity: 'Clairval',
    addressState: 'Auvergne-Rhône-Alpes',
    addressCountry: 'FR',
  },
  vatNumber: 'FR27852417963',
  companyRegistrationNumber: 'RCS Clairval 852 417 963',
  contactEmail: 'factures@lumiere-mobilites.example',
};

export const lumiereOrder: InvoiceOrderData = {
  number: 'LUM-000042',
  issuedAt: new Date('2026-11-23T09:15:00Z'),
  locale: 'fr',
  currency: 'EUR',
  timeZone: 'Europe/Paris',
  seller: lumiereSeller,
  buyer: {
    name: 'Camille Durand',
    email: 'camille.durand@example.org',
    address: {
      addressRoute: '8 allée des Platanes',
      addressPostalCode: '69003',
      addressCity: 'Clairval',
      addressState: 'Auvergne-Rhône-Alpes',
    },
  },
  order: { id: '7f3c2a10-5b1e-4c7d-9a8e-2f6b1c0d4e21', date: new Date('2026-11-23T09:14:00Z') },
  lines: [
    {
      label: 'Abonnement annuel tout public',
      quantity: 1,
      unitPrice: 55_000,
      vatRate: 1000,
      period: { kind: 'DAYS', from: '2027-01-01', to: '2027-12-31' },
      traveller: 'Camille Durand',
    },
    { label: 'Carnet de 10 voyages', quantity: 3, unitPrice: 1_650, vatRate: 1000, traveller: 'Léo Durand' },
    {
      label: 'Carte Lumière (création)',
      quantity: 1,
      unitPrice: 500,
      vatRate: 2000,
      traveller: 'Léo Durand',
    },
  ],
  discounts: [{ label: 'Code BIENVENUE', amount: 1_000 }],
  paymentMethod: 'CARD',
  instalments: [
    { dueDate: '2026-11-23', amount: 5_945 },
    { dueDate: '2026-12-23', amount: 5_945 },
    { dueDate: '2027-01-23', amount: 5_945 },
    { dueDate: '2027-02-23', amount: 5_945 },
    { dueDate: '2027-03-23', amount: 5_945 },
    { dueDate: '2027-04-23', amount: 5_945 },
    { dueDate: '2027-05-23', amount: 5_945 },
    { dueDate: '2027-06-23', amount: 5_945 },
    { dueDate: '2027-07-23', amount: 5_945 },
    { dueDate: '2027-08-23', amount: 5_945 },
  ],
  collect: null,
};

export const wahatOrder: InvoiceOrderData = {
  number: 'WHT-000007',
  issuedAt: new Date('2026-11-23T10:00:00Z'),
  locale: 'ar',
  currency: 'MAD',
  timeZone: 'Africa/Casablanca',
  seller: {
    legalName: 'Wahat Metro SA',
    legalForm: 'Société anonyme au capital de 50 000 000 MAD, RC Wahat 48213',
    address: {
      addressRoute: 'Avenue Hassan II, immeuble Al Wahat, 3e étage',
      addressPostalCode: '40000',
      addressCity: 'Wahat',
      addressState: 'Région de Wahat',
      addressCountry: 'MA',
    },
    vatNumber: '40218765',
    companyRegistrationNumber: '002417965000083',
    contactEmail: 'factures@wahat-metro.example',
  },
  buyer: { name: 'سلمى بنعلي', email: 'salma.benali@example.org', address: null },
  order: { id: 'a1b2c3d4-0000-4000-8000-000000000007', date: new Date('2026-11-23T09:58:00Z') },
  lines: [
    {
      label: 'اشتراك شهري',
      quantity: 1,
      unitPrice: 25_000,
      vatRate: 1400,
      period: { kind: 'DAYS', from: '2026-12-01', to: '2026-12-31' },
      traveller: 'سلمى بنعلي',
    },
    { label: 'بطاقة الواحة', quantity: 1, unitPrice: 3_000, vatRate: 2000, traveller: 'سلمى بنعلي' },
  ],
  discounts: [],
  paymentMethod: 'CARD',
  instalments: null,
  collect: {
    siteName: 'محطة الساحة الكبرى',
    address: {
      addressRoute: 'ساحة الاستقلال',
      addressPostalCode: '40000',
      addressCity: 'الواحة',
      addressState: 'جهة الواحة',
    },
    slotStart: new Date('2026-11-26T10:00:00Z'),
    slotEnd: new Date('2026-11-26T10:30:00Z'),
  },
};
