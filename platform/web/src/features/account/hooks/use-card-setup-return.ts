// The browser back from the provider's card page (`?cardSetup=<setupId>` on a subscription's page):
// where the setup stands, read until it settles or the wait runs out; a saved card shows the
// subscription as the answer gives it. Once settled the parameter leaves the address, in place, so
// a reload or Back does not read it again. A value that is no setup id is ignored.
import { useQuery } from '@tanstack/react-query';
import {
  CARD_SETUP_PARAM,
  type CardSetupStatus,
  cardSetupIdSchema,
} from '@transit-shop/sdk/contract/subscriptions';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useApiClient } from '../../../lib/api-client.ts';
import { cardSetupQueryOptions, gaveUpWaiting } from '../api/card-setup.ts';
import { useSubscriptionChanged } from '../api/subscriptions.ts';

/** What the page says of the setup: its status, still open after the wait, or a failure to read it. */
/**
 * What the provider adds to the address it sends the browser back to (its checkout and the status
 * the browser saw): the setup's own read says more, so they leave with the setup's parameter.
 */
const PROVIDER_RETURN_PARAMS = ['checkout', 'status'];

export type CardSetupOutcome =
  | { kind: 'status'; status: CardSetupStatus }
  | { kind: 'waiting' }
  | { kind: 'failed'; failure: unknown };

export function useCardSetupReturn(userId: number, subscriptionId: number): CardSetupOutcome | null {
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  // Read once: the parameter leaves the address when the setup settles, its message stays.
  const [setupId] = useState(() => cardSetupIdSchema.safeParse(params.get(CARD_SETUP_PARAM)).data ?? null);
  const [since] = useState(() => Date.now());
  const query = useQuery({
    ...cardSetupQueryOptions(client, userId, subscriptionId, setupId ?? '', since),
    enabled: setupId !== null,
  });
  const changed = useSubscriptionChanged(userId, subscriptionId);
  const applied = useRef(false);
  const answer = query.data;
  const settled = answer !== undefined && answer.status !== 'OPEN';

  useEffect(() => {
    if (answer?.status !== 'SAVED' || applied.current) return;
    applied.current = true;
    void changed(answer.subscription);
  }, [answer, changed]);

  const inAddress = params.has(CARD_SETUP_PARAM);
  useEffect(() => {
    if (!settled || !inAddress) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of [CARD_SETUP_PARAM, ...PROVIDER_RETURN_PARAMS]) next.delete(name);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [settled, inAddress, setParams]);

  if (setupId === null) return null;
  if (!answer)
    return query.isError ? { kind: 'failed', failure: query.error } : { kind: 'status', status: 'OPEN' };
  if (gaveUpWaiting(query, since)) return { kind: 'waiting' };
  return { kind: 'status', status: answer.status };
}
