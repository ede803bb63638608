import { describe, expect, it } from 'vitest';
import { shopItem } from '../cart/cart-test-items.ts';
import {
  restoreTunnel,
  type SavedTunnel,
  TUNNEL_STORAGE_KEY,
  TUNNEL_STORAGE_VERSION,
} from './tunnel-storage.ts';
import { CHILD, HOLDER, NOW, TIME_ZONE } from './tunnel-test-items.ts';

const clock = { now: NOW, timeZone: TIME_ZONE };

function savedTunnel(fields: Partial<SavedTunnel> = {}): SavedTunnel {
  return {
    version: TUNNEL_STORAGE_VERSION,
    item: shopItem(),
    passengers: [
      { id: HOLDER, media: 'NO_VALID_MEDIA' },
      { id: CHILD, media: 'VALID_MEDIA' },
    ],
    selectedPassenger: CHILD,
    media: 'PHYSICAL',
    selectedMedia: { id: 9, number: '1234567890', expires_at: '2026-11-28' },
    newCard: null,
    steps: ['passengers', 'media', 'card/selection'],
    ready: true,
    ...fields,
  };
}

describe('saved tunnel', () => {
  it('TUN-01 is kept under `tunnel` and reads back what was written, as text or as a value', () => {
    expect(TUNNEL_STORAGE_KEY).toBe('tunnel');
    const tunnel = savedTunnel();
    expect(restoreTunnel(JSON.stringify(tunnel), clock)).toEqual(tunnel);
    expect(restoreTunnel(tunnel, clock)).toEqual(tunnel);
  });

  it('TUN-01 nothing saved, unreadable text, another version or a bad shape gives no tunnel', () => {
    expect(restoreTunnel(null, clock)).toBeNull();
    expect(restoreTunnel(undefined, clock)).toBeNull();
    expect(restoreTunnel('{"version":1,', clock)).toBeNull();
    expect(restoreTunnel({ ...savedTunnel(), version: 2 }, clock)).toBeNull();
    const { version: _, ...unversioned } = savedTunnel();
    expect(restoreTunnel(unversioned, clock)).toBeNull();
    expect(restoreTunnel(savedTunnel({ steps: [] }), clock)).toBeNull();
    expect(
      restoreTunnel({ ...savedTunnel(), passengers: [{ id: HOLDER, media: 'MAYBE' }] }, clock),
    ).toBeNull();
  });

  it('TUN-01 a chosen card whose last valid day has passed is dropped, and the tunnel is no longer ready', () => {
    const expired = savedTunnel({ selectedMedia: { id: 9, number: '1234567890', expires_at: '2026-11-27' } });
    expect(restoreTunnel(expired, clock)).toEqual({ ...expired, selectedMedia: null, ready: false });
    // Its last day is today on the network's calendar: still valid.
    expect(restoreTunnel(savedTunnel(), clock)?.selectedMedia).not.toBeNull();
    // Half past midnight in Paris is still the day before in UTC: the network's calendar decides.
    const parisMidnight = { now: new Date('2026-11-27T23:30:00Z'), timeZone: TIME_ZONE };
    expect(restoreTunnel(expired, parisMidnight)?.selectedMedia).toBeNull();
  });
});
