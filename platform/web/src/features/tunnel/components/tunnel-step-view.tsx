// The content of a tunnel page: its step's choices.
import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import type { TunnelStep } from '@transit-shop/flows/tunnel/tunnel-rules';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { CardAssociationStep } from './card-association-step.tsx';
import { CardProfilesStep } from './card-profiles-step.tsx';
import { CardSelectionStep } from './card-selection-step.tsx';
import { CardStep } from './card-step.tsx';
import { MediaStep } from './media-step.tsx';
import { PassengersStep } from './passengers-step.tsx';

export function TunnelStepView({
  actor,
  snapshot,
  step,
}: {
  actor: TunnelActor;
  snapshot: TunnelSnapshot;
  step: TunnelStep;
}) {
  // A step left behind (the tunnel moving on) shows nothing until its page follows.
  if (snapshot.context.steps.at(-1) !== step || snapshot.matches('ready')) return null;
  const props = { actor, snapshot };
  switch (step) {
    case 'passengers':
      return <PassengersStep {...props} />;
    case 'media':
      return <MediaStep {...props} />;
    case 'card':
      return <CardStep {...props} />;
    case 'card/association':
      return <CardAssociationStep {...props} />;
    case 'card/profiles':
      return <CardProfilesStep {...props} />;
    case 'card/selection':
      return <CardSelectionStep {...props} />;
  }
}
