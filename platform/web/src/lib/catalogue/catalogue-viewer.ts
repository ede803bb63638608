// Who looks at the catalogue, for the sdk's hiding rules (CAT-03, CHK-03): a guest or not, and the
// driver of the provider the session was opened with (the auth user's signedInWith, decision 0044).
// The cart's add reads the same from the session (lib/cart/add-to-cart.ts).
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import { useMemo } from 'react';
import { useUser } from '../session/get-user.ts';
import { useSessionStatus } from '../session/session-status.ts';

/** The viewer of this page; until the user is read, one without a provider. */
export function useCatalogueViewer(): CatalogueViewer {
  const guest = useSessionStatus() === 'guest';
  const signInDriver = useUser().data?.signedInWith?.driver ?? null;
  return useMemo(() => ({ guest, signInDriver }), [guest, signInDriver]);
}
