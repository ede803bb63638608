// The message key of a tunnel step's title (tunnel.steps.*).
import type { TunnelStep } from '@transit-shop/flows/tunnel/tunnel-rules';

const STEP_KEYS = {
  passengers: 'tunnel.steps.passengers',
  media: 'tunnel.steps.media',
  card: 'tunnel.steps.card',
  'card/association': 'tunnel.steps.cardAssociation',
  'card/profiles': 'tunnel.steps.cardProfiles',
  'card/selection': 'tunnel.steps.cardSelection',
} as const satisfies Record<TunnelStep, string>;

export const stepKeyOf = (step: TunnelStep) => STEP_KEYS[step];
