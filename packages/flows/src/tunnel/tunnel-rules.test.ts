import { NO_START } from '@transit-shop/sdk/catalogue/start-dates';
import { describe, expect, it } from 'vitest';
import { shopItem, subscriptionItem } from '../cart/cart-test-items.ts';
import {
  isPhysicalOnly,
  isUsableMedium,
  pairableMediaOf,
  passengersOf,
  physicalStepOf,
  tunnelEntryRedirectOf,
  tunnelLinesOf,
  tunnelPageRedirectOf,
  tunnelStepRedirectOf,
} from './tunnel-rules.ts';
import { CHILD, HOLDER, medium, NOW, TIME_ZONE, TODAY, travellers } from './tunnel-test-items.ts';

const clock = { now: NOW, timeZone: TIME_ZONE };

const network = { has_media_tunnel: true };

describe('tunnel rules', () => {
  it('ROUTE-06 the tunnel needs a signed-in customer who is not a guest and has_media_tunnel, otherwise home', () => {
    expect(tunnelEntryRedirectOf({ signedIn: true, guest: false }, network)).toBeNull();
    expect(tunnelEntryRedirectOf({ signedIn: false, guest: false }, network)).toBe('/');
    expect(tunnelEntryRedirectOf({ signedIn: true, guest: true }, network)).toBe('/');
    expect(tunnelEntryRedirectOf({ signedIn: true, guest: false }, { has_media_tunnel: false })).toBe('/');
  });

  it('a tunnel page the state has not reached sends to the current step', () => {
    const state = { steps: ['passengers', 'media', 'card'] as const };
    expect(tunnelStepRedirectOf({ steps: [...state.steps] }, 'media')).toBeNull();
    expect(tunnelStepRedirectOf({ steps: [...state.steps] }, 'card')).toBeNull();
    expect(tunnelStepRedirectOf({ steps: [...state.steps] }, 'card/selection')).toBe('card');
    expect(tunnelStepRedirectOf({ steps: [] }, 'card/association')).toBe('passengers');
  });

  it('ROUTE-06 a tunnel page sends home without a customer, the feature or a tunnel under way, else to the step reached', () => {
    const customer = { signedIn: true, guest: false };
    const tunnel = { steps: ['passengers', 'media'] as ('passengers' | 'media')[] };
    const page = (
      requested: 'media' | 'card',
      fields: Partial<Parameters<typeof tunnelPageRedirectOf>[0]> = {},
    ) => tunnelPageRedirectOf({ viewer: customer, network, tunnel, requested, ...fields });
    expect(page('media')).toBeNull();
    expect(page('card')).toBe('media');
    expect(page('media', { viewer: { signedIn: true, guest: true } })).toBe('/');
    expect(page('media', { network: { has_media_tunnel: false } })).toBe('/');
    expect(page('media', { tunnel: null })).toBe('/');
  });

  it('a usable card is ACTIVE and its last valid day has not passed', () => {
    expect(isUsableMedium(medium({ expires_at: TODAY }), TODAY)).toBe(true);
    expect(isUsableMedium(medium({ expires_at: '2026-11-27' }), TODAY)).toBe(false);
    expect(isUsableMedium(medium({ status: 'BLOCKED' }), TODAY)).toBe(false);
    expect(isUsableMedium(medium({ status: 'INCIDENT' }), TODAY)).toBe(false);
  });

  it('TUN-02 each passenger is VALID_MEDIA with a usable card of their own, else NO_VALID_MEDIA', () => {
    expect(passengersOf(travellers, [], TODAY)).toEqual([
      { id: HOLDER, media: 'NO_VALID_MEDIA' },
      { id: CHILD, media: 'NO_VALID_MEDIA' },
    ]);
    // The holder's cards have no profile; the child's carry the child's id.
    expect(passengersOf(travellers, [medium({ profileId: null })], TODAY)).toEqual([
      { id: HOLDER, media: 'VALID_MEDIA' },
      { id: CHILD, media: 'NO_VALID_MEDIA' },
    ]);
    expect(passengersOf(travellers, [medium({ profileId: CHILD })], TODAY)).toEqual([
      { id: HOLDER, media: 'NO_VALID_MEDIA' },
      { id: CHILD, media: 'VALID_MEDIA' },
    ]);
    const unusable = [medium({ profileId: CHILD, expires_at: '2026-11-27' }), medium({ status: 'EXPIRED' })];
    expect(passengersOf(travellers, unusable, TODAY).map((p) => p.media)).toEqual([
      'NO_VALID_MEDIA',
      'NO_VALID_MEDIA',
    ]);
  });

  it('the cards a traveller can be paired with are the account’s other usable cards', () => {
    const own = medium({ profileId: CHILD });
    const holders = medium({ profileId: null });
    const expired = medium({ profileId: null, expires_at: '2026-01-01' });
    expect(pairableMediaOf([own, holders, expired], CHILD, travellers, TODAY)).toEqual([holders]);
  });

  it('ROUTE-07 an item offering only the physical support needs no media choice', () => {
    expect(isPhysicalOnly(shopItem({ supports: ['PHYSICAL'] }))).toBe(true);
    expect(isPhysicalOnly(shopItem({ supports: ['PHYSICAL', 'DEMATERIALIZED'] }))).toBe(false);
    expect(isPhysicalOnly(shopItem({ supports: ['DEMATERIALIZED'] }))).toBe(false);
  });

  it('ROUTE-08 a passenger with a usable card goes to card selection, otherwise to card', () => {
    expect(physicalStepOf({ id: HOLDER, media: 'VALID_MEDIA' })).toBe('card/selection');
    expect(physicalStepOf({ id: HOLDER, media: 'NO_VALID_MEDIA' })).toBe('card');
    expect(physicalStepOf(undefined)).toBe('card');
  });

  it('the lines: the item on the chosen card, or the item without a card and the card as its option', () => {
    const item = shopItem();
    const card = shopItem({ supports: ['PHYSICAL'] });
    const chosen = { id: 42, number: '12345678', expires_at: '2027-01-01' };
    expect(
      tunnelLinesOf(
        { item, passengerId: CHILD, media: 'PHYSICAL', selectedMedia: chosen, newCard: null },
        clock,
      ),
    ).toEqual([{ item, quantity: 1, delivery: 'PHYSICAL', profile: CHILD, mediaId: 42, ...NO_START }]);
    expect(
      tunnelLinesOf(
        {
          item,
          passengerId: CHILD,
          media: 'DEMATERIALIZED',
          selectedMedia: null,
          newCard: null,
        },
        clock,
      ),
    ).toEqual([
      { item, quantity: 1, delivery: 'DEMATERIALIZED', profile: CHILD, mediaId: null, ...NO_START },
    ]);
    expect(
      tunnelLinesOf(
        { item, passengerId: HOLDER, media: 'PHYSICAL', selectedMedia: null, newCard: card },
        clock,
      ),
    ).toEqual([
      { item, quantity: 1, delivery: 'PHYSICAL', profile: HOLDER, mediaId: null, option: card, ...NO_START },
    ]);
  });

  it("PIVOT-02 a monthly pass's line starts at the first month proposed on the network's clock, as on its page", () => {
    const pass = subscriptionItem();
    const chosen = { id: 42, number: '12345678', expires_at: '2027-01-01' };
    const [line] = tunnelLinesOf(
      { item: pass, passengerId: HOLDER, media: 'PHYSICAL', selectedMedia: chosen, newCard: null },
      clock,
    );
    // On 28 November, past the 25th, next month is proposed first (decision 0027).
    expect(line).toMatchObject({ mediaId: 42, ...NO_START, startMonth: '2026-12' });
  });
});
