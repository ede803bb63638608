// Cards, travellers and a clock for the tunnel's tests: a test names only what it is about.
import type { Medium } from '@transit-shop/sdk/contract/media';
import type { TunnelTravellers } from './tunnel-rules.ts';

/** 28 November 2026 at noon in Paris: cards expiring that day are still valid. */
export const NOW = new Date('2026-11-28T11:00:00Z');
export const TODAY = '2026-11-28';
export const TIME_ZONE = 'Europe/Paris';

export const HOLDER = 7;
export const CHILD = 21;
export const travellers: TunnelTravellers = { holderId: HOLDER, profileIds: [CHILD] };

let nextId = 500;

export function medium(fields: Partial<Medium> = {}): Medium {
  nextId += 1;
  return {
    id: nextId,
    network_id: 1,
    provider_id: 'demo',
    number: `1234567800${nextId}`,
    expires_at: '2027-06-30',
    created_at: '2026-01-05T10:00:00Z',
    state: 'ACTIVE',
    status: 'ACTIVE',
    incident: null,
    profileId: null,
    contracts: [],
    ...fields,
  };
}
