// Whether the page is interactive (decision 0034): false on the server and in the render that
// hydrates the server's markup, true from then on (and right after the first render of a page the
// browser renders). A control that acts (a form's submit) is disabled until then: a click before
// hydration would be lost. Set by an effect inside a transition, not read from an external store:
// a store whose browser value differs from the server's makes React render every reader again
// synchronously once hydrated, one long task over every product card (decision 0045); a
// transition's render yields to the browser.
import { startTransition, useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
