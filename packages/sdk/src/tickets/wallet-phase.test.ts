import { describe, expect, it } from 'vitest';
import { type WalletPhaseFields, walletPhaseAt } from './wallet-phase.ts';

const NOW = new Date('2026-11-27T10:00:00.000Z');
const at = (iso: string) => new Date(iso);

function fields(overrides: Partial<WalletPhaseFields> = {}): WalletPhaseFields {
  return {
    status: 'ISSUED',
    validFrom: null,
    validTo: null,
    usableUntil: null,
    journeysLeft: null,
    activatedKind: false,
    ...overrides,
  };
}

describe('walletPhaseAt', () => {
  it('places a pass by its window: upcoming, current, then past at its exclusive end', () => {
    const pass = fields({ validFrom: at('2026-11-01T00:00:00Z'), validTo: at('2026-11-27T10:00:00Z') });
    expect(walletPhaseAt(pass, at('2026-10-31T23:59:59Z'))).toBe('UPCOMING');
    expect(walletPhaseAt(pass, at('2026-11-01T00:00:00Z'))).toBe('CURRENT');
    expect(walletPhaseAt(pass, NOW)).toBe('PAST');
  });

  it('keeps a carnet current between its windows while a journey is left before it expires', () => {
    const carnet = fields({
      activatedKind: true,
      journeysLeft: 3,
      validFrom: at('2026-11-27T08:00:00Z'),
      validTo: at('2026-11-27T09:00:00Z'),
      usableUntil: at('2027-05-01T22:00:00Z'),
    });
    expect(walletPhaseAt(carnet, NOW)).toBe('CURRENT');
    expect(walletPhaseAt({ ...carnet, journeysLeft: 0 }, NOW)).toBe('PAST');
    expect(walletPhaseAt(carnet, at('2027-05-01T22:00:00Z'))).toBe('PAST');
    expect(walletPhaseAt({ ...carnet, status: 'CANCELED' }, at('2026-11-27T08:30:00Z'))).toBe('PAST');
  });

  it('keeps a first-use day ticket current until activated, then by its window only', () => {
    const day = fields({ activatedKind: true, usableUntil: at('2026-12-27T23:00:00Z') });
    expect(walletPhaseAt(day, NOW)).toBe('CURRENT');
    const used = { ...day, validFrom: at('2026-11-26T08:00:00Z'), validTo: at('2026-11-26T23:00:00Z') };
    expect(walletPhaseAt(used, NOW)).toBe('PAST');
  });
});
