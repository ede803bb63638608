// The purchase tunnel (spec 01 §2 /tunnel/*, §3 "Tunnel state", §4 "Tunnel passenger"; ROUTE-07,
// ROUTE-08, TUN-01, TUN-02; decision 0032): one shop item bought by a signed-in customer on a network
// with has_media_tunnel. Who travels, on which support, on which of their cards (or a card linked,
// paired or bought on the way), and the cart lines that come of it. The state follows every change
// into local storage under `tunnel` through the `saveTunnel` actor the app provides.
//
// States (one page each but the transient ones; `snapshot.can(event)` says which buttons work):
//   passengers        CHOOSE_PASSENGER { passengerId }
//   media             CHOOSE_MEDIA { media } among the item's supports; skipped when the item offers
//                     only PHYSICAL (ROUTE-07)
//   card              no usable card: LINK_CARD, PAIR_CARD (has_media_tunnel_pairing), BUY_NEW_CARD
//                     (the catalogue's creation product)
//   cardAssociation   CARD_LINKED { medium } once Account/registerMedia.json has linked it
//   cardProfiles      CARD_LINKED { medium } once one of the account's cards is paired with the passenger
//   cardSelection     SELECT_MEDIUM { mediumId } among the passenger's usable cards
//   ready             the choice is made: tunnelLinesOf(choiceOf(context)) are the lines to add
//   closed            no item to buy, or CLOSE (the lines added, or the tunnel left); nothing saved
// Anywhere: GO_TO { step } to a page shown already (the browser's back), BACK, START { item } (a new
// tunnel), CLOSE.
import type { ShopItem, Support } from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { and, assign, enqueueActions, fromPromise, type SnapshotFrom, setup } from 'xstate';
import {
  isPhysicalOnly,
  pairableMediaOf,
  passengersOf,
  type SelectedMedia,
  TUNNEL_STEPS,
  type TunnelChoice,
  type TunnelPassenger,
  type TunnelStep,
  type TunnelTravellers,
  todayOf,
  usableMediaOf,
} from './tunnel-rules.ts';
import { restoreTunnel, type SavedTunnel, TUNNEL_STORAGE_VERSION } from './tunnel-storage.ts';

export type TunnelInput = {
  /** The item the tunnel starts for; absent on a reload, where the saved tunnel names it. */
  readonly item?: ShopItem;
  /** What local storage holds under `tunnel` (its text, or the value parsed); a bad entry is dropped. */
  readonly saved?: unknown;
  /** The holder's user id and their traveller profiles' ids. */
  readonly travellers: TunnelTravellers;
  /** The account's cards as Account/getMedias.json lists them. */
  readonly medias: readonly Medium[];
  /** has_media_tunnel_pairing: a card of the account may be paired with the passenger. */
  readonly pairing: boolean;
  /** The catalogue's card-creation product (NET-09); null when the network sells none. */
  readonly creationProduct: ShopItem | null;
  /** The network's time zone: a card's last valid day is read on its calendar. */
  readonly timeZone: string;
  /** The system clock by default. */
  readonly now?: () => Date;
};

export type TunnelContext = {
  item: ShopItem | null;
  passengers: TunnelPassenger[];
  selectedPassenger: number | null;
  media: Support | null;
  selectedMedia: SelectedMedia | null;
  newCard: ShopItem | null;
  /** The pages shown, in order; the last is the current one (what the route loaders check). */
  steps: TunnelStep[];
  ready: boolean;
  medias: Medium[];
  readonly travellers: TunnelTravellers;
  readonly pairing: boolean;
  readonly creationProduct: ShopItem | null;
  readonly timeZone: string;
  readonly now: () => Date;
};

export type TunnelEvent =
  | { type: 'START'; item: ShopItem }
  | { type: 'CHOOSE_PASSENGER'; passengerId: number }
  | { type: 'CHOOSE_MEDIA'; media: Support }
  | { type: 'LINK_CARD' }
  | { type: 'PAIR_CARD' }
  | { type: 'BUY_NEW_CARD' }
  /** A card linked to the passenger (or paired with them): the account's card as the call answered it. */
  | { type: 'CARD_LINKED'; medium: Medium }
  | { type: 'SELECT_MEDIUM'; mediumId: number }
  | { type: 'GO_TO'; step: TunnelStep }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

const freshChoices = {
  passengers: [],
  selectedPassenger: null,
  media: null,
  selectedMedia: null,
  newCard: null,
  steps: ['passengers'],
  ready: false,
} as const satisfies Omit<SavedTunnel, 'version' | 'item'>;

const todayIn = (context: TunnelContext) => todayOf(context.now(), context.timeZone);

const passengersIn = (context: Pick<TunnelContext, 'travellers' | 'medias' | 'now' | 'timeZone'>) =>
  passengersOf(context.travellers, context.medias, todayOf(context.now(), context.timeZone));

const passengerOf = (context: TunnelContext) =>
  context.passengers.find((passenger) => passenger.id === context.selectedPassenger);

const usableMediaIn = (context: TunnelContext) =>
  context.selectedPassenger === null
    ? []
    : usableMediaOf(context.medias, context.selectedPassenger, context.travellers, todayIn(context));

/** The cards of the account the passenger may be paired with (the `card/profiles` page). */
export function pairableMediaIn(context: TunnelContext): Medium[] {
  return context.selectedPassenger === null
    ? []
    : pairableMediaOf(context.medias, context.selectedPassenger, context.travellers, todayIn(context));
}

/** The passenger's cards the card selection offers. */
export function selectableMediaIn(context: TunnelContext): Medium[] {
  return usableMediaIn(context);
}

/** What the tunnel chose, once it is ready; the lines to add are tunnelLinesOf(it). */
export function choiceOf(context: TunnelContext): TunnelChoice | null {
  if (
    !context.ready ||
    context.item === null ||
    context.selectedPassenger === null ||
    context.media === null
  ) {
    return null;
  }
  return {
    item: context.item,
    passengerId: context.selectedPassenger,
    media: context.media,
    selectedMedia: context.selectedMedia,
    newCard: context.newCard,
  };
}

/** What the tunnel keeps of itself across page loads (TUN-01); null once there is nothing to buy. */
export function savedTunnelOf(context: TunnelContext): SavedTunnel | null {
  if (context.item === null) return null;
  return {
    version: TUNNEL_STORAGE_VERSION,
    item: context.item,
    passengers: context.passengers,
    selectedPassenger: context.selectedPassenger,
    media: context.media,
    selectedMedia: context.selectedMedia,
    newCard: context.newCard,
    steps: context.steps,
    ready: context.ready,
  };
}

/** The context a tunnel starts with: the item given, else the saved tunnel, cards read afresh. */
function initialContext(input: TunnelInput): TunnelContext {
  const now = input.now ?? (() => new Date());
  const base = {
    travellers: input.travellers,
    medias: [...input.medias],
    pairing: input.pairing,
    creationProduct: input.creationProduct,
    timeZone: input.timeZone,
    now,
  };
  const passengers = passengersIn(base);
  if (input.item) return { ...base, ...freshChoices, item: input.item, passengers };
  const saved = restoreTunnel(input.saved, { now: now(), timeZone: input.timeZone });
  if (saved === null) return { ...base, ...freshChoices, item: null, passengers };
  const { version: _version, ...kept } = saved;
  // The passenger chosen may have gone since (a profile removed): the tunnel starts again.
  if (kept.selectedPassenger !== null && !passengers.some((p) => p.id === kept.selectedPassenger)) {
    return { ...base, ...freshChoices, item: kept.item, passengers };
  }
  return { ...base, ...kept, passengers };
}

const STEP_STATES = {
  passengers: 'passengers',
  media: 'media',
  card: 'card',
  'card/association': 'cardAssociation',
  'card/profiles': 'cardProfiles',
  'card/selection': 'cardSelection',
} as const satisfies Record<TunnelStep, string>;

/** The pages shown up to this one, which becomes the current one. */
const stepsUpTo = (steps: readonly TunnelStep[], step: TunnelStep): TunnelStep[] => {
  const at = steps.indexOf(step);
  return at === -1 ? [...steps, step] : steps.slice(0, at + 1);
};

/** The page before the current one (or the current page when the tunnel is ready). */
const previousStepOf = (context: TunnelContext): TunnelStep | undefined =>
  context.ready ? context.steps.at(-1) : context.steps.at(-2);

export const tunnelMachine = setup({
  types: {
    context: {} as TunnelContext,
    events: {} as TunnelEvent,
    input: {} as TunnelInput,
  },
  actors: {
    /** Writes the tunnel under `tunnel` in local storage, or removes the entry when given null (TUN-01). */
    saveTunnel: fromPromise<void, SavedTunnel | null>(notProvided('saveTunnel')),
  },
  actions: {
    /** TUN-01: the saved copy follows every change; a newer write replaces one not done yet. */
    saveTunnel: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('saveTunnel');
      enqueue.spawnChild('saveTunnel', { id: 'saveTunnel', input: savedTunnelOf(context) });
    }),
    showStep: assign({
      steps: ({ context }, step: TunnelStep) => stepsUpTo(context.steps, step),
      ready: false,
    }),
    setMedia: assign({
      media: (_, media: Support) => media,
      selectedMedia: null,
      newCard: null,
    }),
    /** The card linked or paired comes into the account's cards; the passengers are read again (TUN-02). */
    takeLinkedCard: assign(({ context, event }) => {
      if (event.type !== 'CARD_LINKED') return {};
      const medias = [...context.medias.filter((medium) => medium.id !== event.medium.id), event.medium];
      return { medias, passengers: passengersIn({ ...context, medias }) };
    }),
  },
  guards: {
    hasItem: ({ context }) => context.item !== null,
    isReady: ({ context }) => {
      if (!context.ready || passengerOf(context) === undefined || context.media === null) return false;
      if (context.media === 'DEMATERIALIZED' || context.newCard !== null) return true;
      // The card chosen is still one of the passenger's usable cards (not removed, not blocked since).
      const chosen = context.selectedMedia?.id;
      return usableMediaIn(context).some((medium) => medium.id === chosen);
    },
    isAt: ({ context }, step: TunnelStep) => context.steps.at(-1) === step,
    isPhysical: ({ context }) => context.media === 'PHYSICAL',
    /** ROUTE-07 */
    isPhysicalOnly: ({ context }) => context.item !== null && isPhysicalOnly(context.item),
    /** ROUTE-08, TUN-02 */
    hasValidMedia: ({ context }) => passengerOf(context)?.media === 'VALID_MEDIA',
    hasPairing: ({ context }) => context.pairing,
    hasCreationProduct: ({ context }) => context.creationProduct !== null,
  },
}).createMachine({
  id: 'tunnel',
  context: ({ input }) => initialContext(input),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: 'hasItem', target: 'resuming' },
        { target: 'closed', actions: 'saveTunnel' },
      ],
    },
    resuming: {
      always: [
        { guard: 'isReady', target: 'ready' },
        { guard: { type: 'isAt', params: 'passengers' }, target: 'passengers' },
        { guard: { type: 'isAt', params: 'media' }, target: 'media' },
        { guard: { type: 'isAt', params: 'card/association' }, target: 'cardAssociation' },
        // Not when the network has stopped pairing since: the card step is decided again below.
        {
          guard: and([{ type: 'isAt', params: 'card/profiles' as const }, 'hasPairing']),
          target: 'cardProfiles',
        },
        // The card step and the card selection are decided again: the passenger's cards may have changed.
        { guard: 'isPhysical', target: 'routingCard' },
        { target: 'media' },
      ],
    },
    passengers: {
      entry: [{ type: 'showStep', params: 'passengers' }, 'saveTunnel'],
      on: {
        CHOOSE_PASSENGER: {
          guard: ({ context, event }) => context.passengers.some((p) => p.id === event.passengerId),
          target: 'choosingMedia',
          actions: assign({
            selectedPassenger: ({ event }) => event.passengerId,
            media: null,
            selectedMedia: null,
            newCard: null,
          }),
        },
      },
    },
    choosingMedia: {
      always: [
        // ROUTE-07: the item offers only the physical support; the media step is not shown.
        { guard: 'isPhysicalOnly', target: 'routingCard', actions: { type: 'setMedia', params: 'PHYSICAL' } },
        { target: 'media' },
      ],
    },
    media: {
      entry: [{ type: 'showStep', params: 'media' }, 'saveTunnel'],
      on: {
        CHOOSE_MEDIA: [
          {
            guard: ({ context, event }) =>
              event.media === 'PHYSICAL' && !!context.item?.supports.includes('PHYSICAL'),
            target: 'routingCard',
            actions: { type: 'setMedia', params: 'PHYSICAL' },
          },
          {
            guard: ({ context, event }) => !!context.item?.supports.includes(event.media),
            target: 'ready',
            actions: { type: 'setMedia', params: ({ event }) => event.media },
          },
        ],
      },
    },
    /** ROUTE-08: a passenger with a usable card chooses one, the others go to the card step. */
    routingCard: {
      always: [{ guard: 'hasValidMedia', target: 'cardSelection' }, { target: 'card' }],
    },
    card: {
      entry: [{ type: 'showStep', params: 'card' }, 'saveTunnel'],
      on: {
        LINK_CARD: { target: 'cardAssociation' },
        PAIR_CARD: { guard: 'hasPairing', target: 'cardProfiles' },
        BUY_NEW_CARD: {
          guard: 'hasCreationProduct',
          target: 'ready',
          actions: assign({ newCard: ({ context }) => context.creationProduct, selectedMedia: null }),
        },
      },
    },
    cardAssociation: {
      entry: [{ type: 'showStep', params: 'card/association' }, 'saveTunnel'],
      on: { CARD_LINKED: { target: 'routingCard', actions: 'takeLinkedCard' } },
    },
    cardProfiles: {
      entry: [{ type: 'showStep', params: 'card/profiles' }, 'saveTunnel'],
      on: { CARD_LINKED: { target: 'routingCard', actions: 'takeLinkedCard' } },
    },
    cardSelection: {
      entry: [{ type: 'showStep', params: 'card/selection' }, 'saveTunnel'],
      on: {
        SELECT_MEDIUM: {
          guard: ({ context, event }) =>
            usableMediaIn(context).some((medium) => medium.id === event.mediumId),
          target: 'ready',
          actions: assign({
            selectedMedia: ({ context, event }) => {
              const medium = usableMediaIn(context).find((m) => m.id === event.mediumId);
              return medium ? { id: medium.id, number: medium.number, expires_at: medium.expires_at } : null;
            },
            newCard: null,
          }),
        },
      },
    },
    ready: {
      entry: [assign({ ready: true }), 'saveTunnel'],
    },
    closed: {},
  },
  on: {
    START: {
      target: '.passengers',
      actions: assign(({ context, event }) => ({
        ...freshChoices,
        item: event.item,
        passengers: passengersIn(context),
      })),
    },
    GO_TO: TUNNEL_STEPS.map((step) => ({
      guard: ({ context, event }: { context: TunnelContext; event: TunnelEvent }) =>
        event.type === 'GO_TO' &&
        event.step === step &&
        context.item !== null &&
        context.steps.includes(step),
      target: `.${STEP_STATES[step]}`,
    })),
    BACK: TUNNEL_STEPS.map((step) => ({
      guard: ({ context }: { context: TunnelContext }) =>
        context.item !== null && previousStepOf(context) === step,
      target: `.${STEP_STATES[step]}`,
    })),
    CLOSE: {
      target: '.closed',
      actions: [assign(() => ({ ...freshChoices, item: null, passengers: [] })), 'saveTunnel'],
    },
    // A write storage refuses (full, private mode) costs the saved copy, never the tunnel in the page.
    'xstate.error.actor.saveTunnel': { actions: [] },
  },
});

export type TunnelMachine = typeof tunnelMachine;
export type TunnelSnapshot = SnapshotFrom<TunnelMachine>;
