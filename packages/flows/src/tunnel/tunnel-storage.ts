// The purchase tunnel as it is kept in the browser's local storage under `tunnel` (TUN-01, spec 01
// §3 "Tunnel state"): passengers, media, selectedMedia, ready, and what the tunnel needs to resume
// after a reload (the item, the pages shown, the passenger chosen, a new card bought). Read back
// with zod, so an entry that is unreadable or of another format costs the tunnel, never the page;
// a chosen card that has expired since is dropped, so it is chosen again.
import { shopItemSchema, supportSchema } from '@transit-shop/sdk/contract/catalogue';
import { idSchema, isoDateSchema } from '@transit-shop/sdk/contract/fields';
import { z } from 'zod';
import { isUnexpired, PASSENGER_MEDIA, TUNNEL_STEPS, todayOf } from './tunnel-rules.ts';

/** TUN-01: the local storage key. */
export const TUNNEL_STORAGE_KEY = 'tunnel';
/** Raised when the saved shape changes: a tunnel saved in another shape is dropped, not misread. */
export const TUNNEL_STORAGE_VERSION = 1;

/** A traveller account has few profiles; the bound only keeps a forged entry small. */
const PASSENGERS_MAX = 100;

export const savedTunnelSchema = z.object({
  version: z.literal(TUNNEL_STORAGE_VERSION),
  /** The shop item being bought. */
  item: shopItemSchema,
  passengers: z.array(z.object({ id: idSchema, media: z.enum(PASSENGER_MEDIA) })).max(PASSENGERS_MAX),
  /** The passenger chosen at the passengers step (the holder's user id or a profile id). */
  selectedPassenger: idSchema.nullable(),
  media: supportSchema.nullable(),
  selectedMedia: z.object({ id: idSchema, number: z.string().max(64), expires_at: isoDateSchema }).nullable(),
  /** The creation product bought with the item when the passenger takes a new card (NET-09). */
  newCard: shopItemSchema.nullable(),
  /** The pages shown, in order; the last is the current one. */
  steps: z.array(z.enum(TUNNEL_STEPS)).min(1).max(TUNNEL_STEPS.length),
  ready: z.boolean(),
});
export type SavedTunnel = z.output<typeof savedTunnelSchema>;

/** The clock a restore reads card expiries against: now, on the network's calendar. */
export type TunnelClock = { readonly now: Date; readonly timeZone: string };

/**
 * The saved tunnel from what storage holds (its JSON text, or the value already parsed); null when
 * nothing is saved, or the entry is not JSON, not of this version, or not a valid tunnel. A chosen
 * card whose last valid day has passed is dropped, and the tunnel is no longer ready with it.
 */
export function restoreTunnel(saved: unknown, clock: TunnelClock): SavedTunnel | null {
  if (saved == null) return null;
  let value = saved;
  if (typeof saved === 'string') {
    try {
      value = JSON.parse(saved);
    } catch {
      return null;
    }
  }
  const parsed = savedTunnelSchema.safeParse(value);
  if (!parsed.success) return null;
  const tunnel = parsed.data;
  const { selectedMedia } = tunnel;
  if (selectedMedia === null || isUnexpired(selectedMedia, todayOf(clock.now, clock.timeZone))) return tunnel;
  return { ...tunnel, selectedMedia: null, ready: false };
}
