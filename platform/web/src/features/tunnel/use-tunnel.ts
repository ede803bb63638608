// The page's tunnel for the tunnel pages' components, kept in step with the address: a step the
// tunnel moves to is navigated to (the browser's history keeps each page), and an address of a
// page shown already (the browser's back) takes the tunnel back there.
import type { TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import type { TunnelStep } from '@transit-shop/flows/tunnel/tunnel-rules';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useLocaleNavigate } from '../../components/locale-link.tsx';
import { useSessionTicket } from '../../lib/session/use-session.tsx';
import { runningTunnel, type TunnelActor } from '../../lib/tunnel/tunnel-runtime.ts';
import { tunnelPathOf } from './tunnel-guard.ts';

/** The step the tunnel shows; none once it is ready or closed. */
export function currentStepOf(snapshot: TunnelSnapshot): TunnelStep | undefined {
  if (snapshot.matches('ready') || snapshot.matches('closed')) return undefined;
  return snapshot.context.steps.at(-1);
}

/** The session's tunnel, which the page's loader started. */
export function useTunnelActor(): TunnelActor | undefined {
  const ticket = useSessionTicket();
  return ticket ? runningTunnel(ticket.userToken) : undefined;
}

export function useTunnelPage(actor: TunnelActor, step: TunnelStep): TunnelSnapshot {
  const navigate = useLocaleNavigate();
  const snapshot = useSelector(actor, (state) => state);
  const current = currentStepOf(snapshot);

  // The address changed (back, forward, a link): the tunnel goes to that page when it was shown.
  useEffect(() => {
    const live = currentStepOf(actor.getSnapshot());
    if (live !== undefined && live !== step) actor.send({ type: 'GO_TO', step });
  }, [actor, step]);

  // The tunnel moved on (or back): its page is shown.
  useEffect(() => {
    const live = currentStepOf(actor.getSnapshot());
    if (current !== undefined && live !== undefined && live !== step) navigate(tunnelPathOf(live));
  }, [actor, current, step, navigate]);

  return snapshot;
}
