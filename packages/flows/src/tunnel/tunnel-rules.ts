// The purchase tunnel's rules as pure functions (spec 01 §2 "Route guards", §3 "Tunnel state";
// ROUTE-06, ROUTE-07, ROUTE-08, TUN-02): which cards a passenger may travel on, who is VALID_MEDIA,
// where the card step leads, which tunnel page a state allows, and the cart lines a finished tunnel
// adds. The machine applies them; the web's route loaders ask the same ones.
import { firstStartOf, type StartClock, startProposalsOf } from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import { type Medium, receivesContracts } from '@transit-shop/sdk/contract/media';
import { isTravellersCard } from '@transit-shop/sdk/media/card-for-traveller';
import { networkToday } from '@transit-shop/sdk/time/network-clock';
import type { CartItemDraft } from '../cart/cart-rules.ts';

/** The tunnel's pages, as their paths under /tunnel name them (spec 01 §2). */
export const TUNNEL_STEPS = [
  'passengers',
  'media',
  'card',
  'card/association',
  'card/profiles',
  'card/selection',
] as const;
export type TunnelStep = (typeof TUNNEL_STEPS)[number];

/** TUN-02: a passenger holds a card the line can be loaded on, or not. */
export const PASSENGER_MEDIA = ['VALID_MEDIA', 'NO_VALID_MEDIA'] as const;
export type PassengerMedia = (typeof PASSENGER_MEDIA)[number];

export type TunnelPassenger = { readonly id: number; readonly media: PassengerMedia };

/** The card a PHYSICAL line is loaded on, as the tunnel keeps it (TUN-01). */
export type SelectedMedia = Pick<Medium, 'id' | 'number' | 'expires_at'>;

/** Who may travel: the account holder (their user id) and their traveller profiles. */
export type TunnelTravellers = { readonly holderId: number; readonly profileIds: readonly number[] };

/** A card's last valid day has not passed on the network's calendar (decision 0032). */
export function isUnexpired(media: Pick<Medium, 'expires_at'>, today: string): boolean {
  return media.expires_at >= today;
}

/**
 * A card a line can be loaded on: unexpired, and active in the network's ticketing system or a new
 * card on its way, whose contracts wait for its first validation (decision 0037).
 */
export function isUsableMedium(medium: Medium, today: string): boolean {
  return receivesContracts(medium) && isUnexpired(medium, today);
}

/** Today's date on the network's calendar, the day card expiries are read against. */
export function todayOf(now: Date, timeZone: string): string {
  return networkToday(timeZone, now);
}

/**
 * The cards that are the passenger's, by the rule checkout applies (decision 0032): paired with
 * their profile, or the holder's own (paired with nobody) for the holder.
 */
export function mediaOfPassenger(
  medias: readonly Medium[],
  passengerId: number,
  travellers: TunnelTravellers,
): Medium[] {
  const passenger = { id: passengerId, holder: passengerId === travellers.holderId };
  return medias.filter((medium) => isTravellersCard(medium, passenger));
}

/** The passenger's cards a line can be loaded on (the card selection's choices). */
export function usableMediaOf(
  medias: readonly Medium[],
  passengerId: number,
  travellers: TunnelTravellers,
  today: string,
): Medium[] {
  return mediaOfPassenger(medias, passengerId, travellers).filter((medium) => isUsableMedium(medium, today));
}

/** TUN-02: each passenger, holder first, VALID_MEDIA when they have a usable card. */
export function passengersOf(
  travellers: TunnelTravellers,
  medias: readonly Medium[],
  today: string,
): TunnelPassenger[] {
  return [travellers.holderId, ...travellers.profileIds.filter((id) => id !== travellers.holderId)].map(
    (id) => ({
      id,
      media: usableMediaOf(medias, id, travellers, today).length > 0 ? 'VALID_MEDIA' : 'NO_VALID_MEDIA',
    }),
  );
}

/**
 * The account's cards that can be paired with the passenger (`card/profiles`, has_media_tunnel_pairing):
 * usable ones held by the holder or another traveller.
 */
export function pairableMediaOf(
  medias: readonly Medium[],
  passengerId: number,
  travellers: TunnelTravellers,
  today: string,
): Medium[] {
  const own = new Set(mediaOfPassenger(medias, passengerId, travellers).map((medium) => medium.id));
  return medias.filter((medium) => !own.has(medium.id) && isUsableMedium(medium, today));
}

/** ROUTE-07: the item offers only the physical support, so the media is PHYSICAL without asking. */
export function isPhysicalOnly(item: Pick<ShopItem, 'supports'>): boolean {
  return item.supports.length > 0 && item.supports.every((support) => support === 'PHYSICAL');
}

/** The supports the media step offers: the item's own. */
export function mediaChoicesOf(item: Pick<ShopItem, 'supports'>): Support[] {
  return [...item.supports];
}

/** ROUTE-08: with PHYSICAL, a passenger with a usable card chooses it; one without goes to `card`. */
export function physicalStepOf(passenger: TunnelPassenger | undefined): 'card/selection' | 'card' {
  return passenger?.media === 'VALID_MEDIA' ? 'card/selection' : 'card';
}

export type TunnelViewer = { readonly signedIn: boolean; readonly guest: boolean };

/** ROUTE-06: the tunnel needs a signed-in customer (not a guest) and has_media_tunnel; else home. */
export function tunnelEntryRedirectOf(
  viewer: TunnelViewer,
  network: { readonly has_media_tunnel: boolean },
): '/' | null {
  return viewer.signedIn && !viewer.guest && network.has_media_tunnel ? null : '/';
}

/**
 * The page a tunnel page sends to when its step is not one the state has reached (the pages shown
 * so far, the last being the current one); null when the page may show.
 */
export function tunnelStepRedirectOf(
  state: { readonly steps: readonly TunnelStep[] },
  requested: TunnelStep,
): TunnelStep | null {
  if (state.steps.includes(requested)) return null;
  return state.steps.at(-1) ?? 'passengers';
}

/**
 * A tunnel page's loader, ROUTE-06 and the step guard together: home ('/') without a signed-in
 * customer, the network's media tunnel or a tunnel under way (nothing saved to buy); else the step
 * to show instead of one the tunnel has not reached; null when the page may show.
 */
export function tunnelPageRedirectOf(options: {
  readonly viewer: TunnelViewer;
  readonly network: { readonly has_media_tunnel: boolean };
  /** The saved tunnel (restoreTunnel), null when there is none. */
  readonly tunnel: { readonly steps: readonly TunnelStep[] } | null;
  readonly requested: TunnelStep;
}): '/' | TunnelStep | null {
  const entry = tunnelEntryRedirectOf(options.viewer, options.network);
  if (entry !== null || options.tunnel === null) return '/';
  return tunnelStepRedirectOf(options.tunnel, options.requested);
}

/** What a finished tunnel chose: the item, who travels, on which support and card. */
export type TunnelChoice = {
  readonly item: ShopItem;
  readonly passengerId: number;
  readonly media: Support;
  readonly selectedMedia: SelectedMedia | null;
  /** A new card is bought with the item: the catalogue's creation product (NET-09). */
  readonly newCard: ShopItem | null;
};

/**
 * The cart lines a finished tunnel adds: the item for the passenger on its support, loaded on the
 * chosen card, from the item's first proposed start on the network's clock (the one a product page
 * starts with; fails with ARTICLE_START_DATE as the proposals do); or, with a new card, the item
 * without a card and the card as its option (a card is sold only with a contract to load on it).
 */
export function tunnelLinesOf(choice: TunnelChoice, clock: StartClock): CartItemDraft[] {
  const line: CartItemDraft = {
    item: choice.item,
    quantity: choice.item.articleQuantityMin,
    delivery: choice.media,
    profile: choice.passengerId,
    mediaId: choice.media === 'PHYSICAL' ? (choice.selectedMedia?.id ?? null) : null,
    ...firstStartOf(startProposalsOf(choice.item, clock)),
  };
  if (choice.media !== 'PHYSICAL' || choice.newCard === null) return [line];
  return [{ ...line, mediaId: null, option: choice.newCard }];
}
