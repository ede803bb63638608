// A ready tunnel's end: its cart lines (the item for the passenger on its support and card, from its
// first proposed start on the network's clock, and a new card's line when one is bought) go into
// the cart, the tunnel is closed (its saved copy removed) and the cart page shows. A line the cart
// refuses is said, and the tunnel stays.
import { choiceOf, type TunnelSnapshot } from '@transit-shop/flows/tunnel/tunnel.machine';
import { tunnelLinesOf } from '@transit-shop/flows/tunnel/tunnel-rules';
import { useEffect, useRef, useState } from 'react';
import { useLocaleNavigate } from '../../components/locale-link.tsx';
import { paths } from '../../config/paths.ts';
import { useBootstrap } from '../../lib/bootstrap-context.tsx';
import { addToCart } from '../../lib/cart/add-to-cart.ts';
import type { TunnelActor } from '../../lib/tunnel/tunnel-runtime.ts';

export function useFinishTunnel(actor: TunnelActor, snapshot: TunnelSnapshot) {
  const navigate = useLocaleNavigate();
  const { timeZone } = useBootstrap().network;
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const started = useRef(false);
  const ready = snapshot.matches('ready');

  useEffect(() => {
    // Once per arrival at ready: after a refusal, the customer changes a choice first.
    if (!ready) {
      started.current = false;
      return;
    }
    const choice = choiceOf(actor.getSnapshot().context);
    if (choice === null || started.current) return;
    started.current = true;
    setAdding(true);
    setFailure(null);
    void (async () => {
      try {
        for (const line of tunnelLinesOf(choice, { now: new Date(), timeZone })) await addToCart(line);
        actor.send({ type: 'CLOSE' });
        navigate(paths.cart);
      } catch (error) {
        setFailure(error);
      } finally {
        setAdding(false);
      }
    })();
  }, [actor, ready, navigate, timeZone]);

  return { adding, failure };
}
