// Who looks at the catalogue, for the sdk's hiding rules (CAT-03, CHK-03): a guest or not, and the
// driver of the provider the session was opened with (the auth user's signedInWith, decision 0044).
// The product page and the shop read it with the hook; the cart's add reads it from the session.
import type { CatalogueViewer } from '@transit-shop/sdk/catalogue/shop-listing';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { useMemo } from 'react';
import { useUser } from '../session/get-user.ts';
import { type SessionStatus, useSessionStatus } from '../session/session-status.ts';

export function catalogueViewerOf(
  status: SessionStatus,
  user: Pick<AuthUser, 'signedInWith'> | null | undefined,
): CatalogueViewer {
  return { guest: status === 'guest', signInDriver: user?.signedInWith?.driver ?? null };
}

/** The viewer of this page; until the user is read, one without a provider. */
export function useCatalogueViewer(): CatalogueViewer {
  const status = useSessionStatus();
  const signedInWith = useUser().data?.signedInWith ?? null;
  return useMemo(() => catalogueViewerOf(status, { signedInWith }), [status, signedInWith]);
}
