import { describe, expect, it } from 'vitest';
import type { TicketRow } from '../../db/schema/tickets.ts';
import { punchRefusal } from './punch-ticket.ts';
import { isActivatable, phaseOf } from './wallet-answer.ts';

const NOW = new Date('2026-11-23T09:00:00Z');
const LATER = new Date('2026-11-30T23:00:00Z');

/** A contract as issued, with the fields a case changes. */
const contract = (overrides: Partial<TicketRow>): TicketRow => ({
  id: 1,
  publicId: 'AAAAAAAAAAAAAAAAAAAAAA',
  networkId: 101,
  orderId: 1,
  orderLineId: 1,
  unitIndex: 0,
  productId: 5101,
  kind: 'JOURNEYS',
  holderUserId: 1,
  travellerUserId: 1,
  travellerName: 'Ada Lovelace',
  delivery: 'WALLET',
  status: 'ISSUED',
  mediaId: null,
  collectSiteId: null,
  collectFrom: null,
  validFrom: null,
  validTo: null,
  usableUntil: LATER,
  journeysTotal: 1,
  journeysLeft: 1,
  deviceKey: null,
  deviceThumbprint: null,
  generation: 0,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});

const FIRST_USE_DAY = { kind: 'DAY', start: 'FIRST_ACTIVATION', expiresAfterDays: 30 } as const;

describe('a contract’s phase and activation at an instant', () => {
  it('a first-use day ticket is activated once: current and activatable before, used up after its day', () => {
    const unused = contract({ kind: 'DAY', journeysTotal: null, journeysLeft: null });
    expect([phaseOf(unused, FIRST_USE_DAY, NOW), isActivatable(unused, FIRST_USE_DAY, NOW)]).toEqual([
      'CURRENT',
      true,
    ]);
    const started = { ...unused, validFrom: NOW, validTo: new Date('2026-11-23T23:00:00Z') };
    expect([phaseOf(started, FIRST_USE_DAY, NOW), isActivatable(started, FIRST_USE_DAY, NOW)]).toEqual([
      'CURRENT',
      false,
    ]);
    expect(punchRefusal(started, 'thumb', NOW).code).toBe('TICKET_USED_UP');
    expect(phaseOf(started, FIRST_USE_DAY, new Date('2026-11-24T00:00:00Z'))).toBe('PAST');
    expect(phaseOf(unused, FIRST_USE_DAY, LATER)).toBe('PAST');
  });

  it('a carnet on its way to a card is current while it has journeys, but only a wallet ticket is activated', () => {
    const onCard = contract({ delivery: 'CARD', status: 'TO_LOAD', journeysLeft: 10, journeysTotal: 10 });
    const journeys = { kind: 'JOURNEYS', journeys: 1, minutes: 60, expiresAfterDays: 365 } as const;
    expect([phaseOf(onCard, journeys, NOW), isActivatable(onCard, journeys, NOW)]).toEqual([
      'CURRENT',
      false,
    ]);
    expect(punchRefusal(onCard, 'thumb', NOW).code).toBe('TICKET_NOT_ACTIVATABLE');
    expect(phaseOf({ ...onCard, journeysLeft: 0 }, journeys, NOW)).toBe('PAST');
    expect(phaseOf({ ...onCard, status: 'CANCELED' }, journeys, NOW)).toBe('PAST');
  });
});
