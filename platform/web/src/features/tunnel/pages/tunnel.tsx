// The purchase tunnel's pages, /tunnel/{step} (spec 01 §2; ROUTE-06, ROUTE-07, ROUTE-08, ROUTE-13,
// TUN-01, TUN-02): one page a step of the page's tunnel, each with the item being bought, where the
// tunnel is, and a way back. Once the choice is made its cart lines are added, the tunnel is closed
// and the cart shows.
import { TUNNEL_STEPS, type TunnelStep } from '@transit-shop/flows/tunnel/tunnel-rules';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { WithSession } from '../../../lib/session/use-session.tsx';
import type { TunnelActor } from '../../../lib/tunnel/tunnel-runtime.ts';
import { TunnelFrame } from '../components/tunnel-frame.tsx';
import { TunnelStepView } from '../components/tunnel-step-view.tsx';
import { tunnelLoader } from '../tunnel-guard.ts';
import { useTunnelActor, useTunnelPage } from '../use-tunnel.ts';

/** The step an address names after /tunnel/, if it is one. */
const stepOf = (rest: string | undefined): TunnelStep | undefined =>
  TUNNEL_STEPS.find((step) => step === rest?.replace(/\/+$/, ''));

export function loader(args: LoaderFunctionArgs) {
  const step = stepOf(args.params['*']);
  if (!step) throw new Response('Not Found', { status: 404 });
  return tunnelLoader(step, args);
}

function TunnelPageOf({ actor, step }: { actor: TunnelActor; step: TunnelStep }) {
  const snapshot = useTunnelPage(actor, step);
  return (
    <TunnelFrame actor={actor} snapshot={snapshot} step={step}>
      <TunnelStepView actor={actor} snapshot={snapshot} step={step} />
    </TunnelFrame>
  );
}

function TunnelPage({ step }: { step: TunnelStep }) {
  const actor = useTunnelActor();
  // The loader started the tunnel, or sent elsewhere.
  return actor ? <TunnelPageOf key={step} actor={actor} step={step} /> : null;
}

export function Component() {
  const step = stepOf(useParams()['*']);
  // The loader let only a step's address in.
  return step ? (
    <WithSession>
      <TunnelPage step={step} />
    </WithSession>
  ) : null;
}
