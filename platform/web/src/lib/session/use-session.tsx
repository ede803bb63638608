// The session for components: its status, the attempt under way and its error, the events it
// takes; and the providers (session, ticket client, query cache) a page of the session needs.
import { QueryClientProvider } from '@tanstack/react-query';
import {
  isSessionBusy,
  type SessionEvent,
  type SessionTicket,
  sessionStatusOf,
} from '@transit-shop/flows/session/session.machine';
import { useSelector } from '@xstate/react';
import {
  createContext,
  type ReactNode,
  Suspense,
  use,
  useCallback,
  useContext,
  useSyncExternalStore,
} from 'react';
import { ApiClientProvider } from '../api-client.ts';
import { getSessionRuntime, type SessionRuntime, settle } from './session-runtime.ts';

const SessionContext = createContext<SessionRuntime | null>(null);

export function SessionProvider({ runtime, children }: { runtime: SessionRuntime; children: ReactNode }) {
  return (
    <SessionContext.Provider value={runtime}>
      <QueryClientProvider client={runtime.queryClient}>
        <ApiClientProvider client={runtime.client}>{children}</ApiClientProvider>
      </QueryClientProvider>
    </SessionContext.Provider>
  );
}

function PageSession({ children }: { children: ReactNode }) {
  const runtime = use(getSessionRuntime());
  return <SessionProvider runtime={runtime}>{children}</SessionProvider>;
}

/** Gives its children the page's session (created on first use). */
export function WithSession({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <PageSession>{children}</PageSession>
    </Suspense>
  );
}

export function useSessionRuntime(): SessionRuntime {
  const runtime = useContext(SessionContext);
  if (!runtime) throw new Error('useSessionRuntime outside SessionProvider');
  return runtime;
}

/** A served page is rendered for a visitor: the render that hydrates it must read no session either. */
const visitorTicket = () => null;

/**
 * The session's ticket, and through it the user (`useUser`): none in the render that hydrates a
 * served page, as on the server (decision 0034), so a traveller's page is taken over as the
 * visitor's it was rendered as; their travellers and cards fill in right after.
 */
export function useSessionTicket(): SessionTicket | null {
  const { actor } = useSessionRuntime();
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, () => actor.getSnapshot().context.ticket, visitorTicket);
}

export function useSession() {
  const runtime = useSessionRuntime();
  const { actor } = runtime;
  const status = useSelector(actor, sessionStatusOf);
  const busy = useSelector(actor, isSessionBusy);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const profiles = useSelector(actor, (snapshot) =>
    snapshot.matches('choosingProfile') ? snapshot.context.profiles : null,
  );
  const canReconnect = useSelector(actor, (snapshot) => snapshot.can({ type: 'RECONNECT' }));
  return {
    status,
    busy,
    error,
    /** The profiles to choose from after a login that answered them (AUTH-03). */
    profiles,
    canReconnect,
    send: (event: SessionEvent) => actor.send(event),
    /** Sends an event and resolves with the session once the attempt is over. */
    run: (event: SessionEvent) => settle(runtime, event),
  };
}
