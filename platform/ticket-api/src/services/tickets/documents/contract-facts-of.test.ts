import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketRow } from '../../../db/schema/tickets.ts';
import { loadDemoNetworks } from '../../../test-support/demo-networks.ts';
import { contractFactsOf, shareOfLine } from './contract-facts-of.ts';

let lumiere: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  lumiere = networks.byId(101) as LoadedNetwork;
});

const issued = new Date('2026-11-23T09:00:00.000Z');
const ticket = (id: number, productId = 5101): TicketRow => ({
  id,
  publicId: `p${String(id).padStart(21, '0')}`,
  networkId: 101,
  orderId: 7,
  orderLineId: 70,
  unitIndex: id - 1,
  productId,
  kind: 'JOURNEYS',
  holderUserId: 1,
  travellerUserId: 2,
  travellerName: 'Léo Durand',
  delivery: 'WALLET',
  status: 'ISSUED',
  mediaId: null,
  collectSiteId: null,
  collectFrom: null,
  validFrom: null,
  validTo: null,
  usableUntil: new Date('2027-11-23T23:00:00.000Z'),
  journeysTotal: 1,
  journeysLeft: 1,
  deviceKey: null,
  deviceThumbprint: null,
  generation: 0,
  createdAt: issued,
  updatedAt: issued,
});
const order = {
  id: 7,
  lang: 'ar',
  currency: 'EUR',
  invoiceNumber: 'LUM-000007',
  buyer: {
    guest: false,
    firstName: 'Camille',
    lastName: 'Durand',
    email: 'camille@example.org',
    customerNumber: 'C-1',
    invoiceEmail: 'camille@example.org',
  },
};

describe('a contract’s facts from its order', () => {
  it('shares a line’s total among its contracts to the cent, the remainder to the first ones', () => {
    expect([0, 1, 2].map((index) => shareOfLine(1_000, 3, index))).toEqual([334, 333, 333]);
    expect([0, 1, 2].map((index) => shareOfLine(570, 3, index))).toEqual([190, 190, 190]);
  });

  it('names the fare product in the order’s language, the buyer as holder, and what this contract cost', () => {
    const contracts = [ticket(1), ticket(2), ticket(3)];
    const facts = contractFactsOf({
      ticket: contracts[1] as TicketRow,
      lineContracts: contracts,
      line: { shopItemId: 9_999, label: 'Carnet de 3', totalAmount: 1_000 },
      order,
      network: lumiere,
      printedCode: 'code',
    });
    expect(facts).toMatchObject({
      productName: 'تذكرة رحلة واحدة',
      holderName: 'Camille Durand',
      travellerName: 'Léo Durand',
      amountPaid: 333,
      orderNumber: '7',
      invoiceNumber: 'LUM-000007',
      lang: 'ar',
      printedCode: 'code',
    });
  });

  it('falls back on the line’s label for a product the catalogue does not list', () => {
    const unknown = ticket(1, 9999);
    const facts = contractFactsOf({
      ticket: unknown,
      lineContracts: [unknown],
      line: { shopItemId: 1101, label: 'Ticket spécial', totalAmount: 500 },
      order: { ...order, lang: 'fr' },
      network: lumiere,
      printedCode: 'code',
    });
    expect([facts.productName, facts.amountPaid]).toEqual(['Ticket spécial', 500]);
  });

  it('names a carnet as the shop item it was bought as, in the language asked', () => {
    const carnet = ticket(1);
    const facts = contractFactsOf({
      ticket: carnet,
      lineContracts: [carnet],
      line: { shopItemId: 1102, label: 'Carnet 10 voyages', totalAmount: 1_690 },
      order,
      network: lumiere,
      printedCode: 'code',
      lang: 'en',
    });
    expect(facts.productName).toBe('Carnet of 10 tickets');
  });
});
