// Whether the page is interactive (decision 0034): false on the server and in the render that
// hydrates the server's markup, true from then on (and at once for a page the browser renders).
// A control that acts (a form's submit) is disabled until then: a click before hydration would be lost.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
