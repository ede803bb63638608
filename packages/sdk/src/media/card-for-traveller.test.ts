import { describe, expect, it } from 'vitest';
import { isTravellersCard, takesContractsNow } from './card-for-traveller.ts';

const HOLDER = { id: 7, holder: true };
const PROFILE = { id: 31, holder: false };

describe('which card carries a traveller’s contract', () => {
  it('the holder’s own card is paired with nobody; a profile’s is paired with that profile, and neither serves the other', () => {
    expect(isTravellersCard({ profileId: null }, HOLDER)).toBe(true);
    expect(isTravellersCard({ profileId: null }, PROFILE)).toBe(false);
    expect(isTravellersCard({ profileId: 31 }, PROFILE)).toBe(true);
    expect(isTravellersCard({ profileId: 31 }, HOLDER)).toBe(false);
    expect(isTravellersCard({ profileId: 32 }, PROFILE)).toBe(false);
  });

  it('a card takes contracts while unexpired, without incident, ACTIVE or on its way', () => {
    const card = { state: 'ACTIVE', status: 'ACTIVE', incident: null } as const;
    expect(takesContractsNow(card)).toBe(true);
    expect(takesContractsNow({ ...card, status: 'ORDERED' })).toBe(true);
    expect(takesContractsNow({ ...card, state: 'EXPIRED' })).toBe(false);
    expect(takesContractsNow({ ...card, status: 'BLOCKED' })).toBe(false);
    expect(takesContractsNow({ ...card, status: null })).toBe(false);
    expect(takesContractsNow({ ...card, incident: { kind: 'LOST' } })).toBe(false);
  });
});
