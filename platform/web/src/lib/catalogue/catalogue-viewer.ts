// Who looks at the catalogue, for the sdk's hiding rules (CAT-03, CHK-03): a guest or not, and the
// identity provider the session was opened with. The session does not say which provider that was
// yet (the FranceConnect sign-in is still to come), so signInDriver stays null until it does: this is
// the one place to read it from then.
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import { useMemo } from 'react';
import { useSessionStatus } from '../session/session-status.ts';

export function useCatalogueViewer(): CatalogueViewer {
  const guest = useSessionStatus() === 'guest';
  return useMemo(() => ({ guest, signInDriver: null }), [guest]);
}
