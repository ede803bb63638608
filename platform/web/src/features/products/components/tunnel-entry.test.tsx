import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { Bootstrap } from '@transit-shop/tenancy';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forgetTunnel } from '../../../lib/tunnel/tunnel-runtime.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureCatalogue } from '../../../test/fixtures/catalogue.ts';
import { preloadLayoutParts, renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

// The pages' code compiled ahead, so that cost does not fall within one test's time.
beforeAll(() => Promise.all([preloadLayoutParts(), import('../pages/product.tsx')]), 30_000);
afterEach(() => forgetTunnel());

const ENTRY = 'Acheter pour une carte de transport';

function withTunnel(hasMediaTunnel: boolean): Bootstrap {
  const base = fixtureBootstrap();
  return fixtureBootstrap({
    network: {
      ...base.network,
      configuration: { ...base.network.configuration, has_media_tunnel: hasMediaTunnel },
    },
  });
}

/** The product page of an item, on a network with or without the tunnel. */
async function openProduct(
  shopItemId: number,
  options: { signedInAs?: AuthUser; hasMediaTunnel?: boolean } = {},
) {
  stubTenantService();
  const bootstrap = withTunnel(options.hasMediaTunnel ?? true);
  createTestSession({
    bootstrap,
    ...(options.signedInAs ? { signedInAs: options.signedInAs } : {}),
    handlers: {
      'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }),
      'Account/getMedias.json': () => ({ ok: { medias: [] } }),
    },
  });
  const view = await renderApp(`/products/${shopItemId}`, { bootstrap });
  const add = await screen.findByRole('button', { name: 'Ajouter au panier' }, { timeout: 10_000 });
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  return view;
}

describe('the product page entry to the purchase tunnel', () => {
  it('starts the tunnel for the item at its passengers step for a signed-in customer', async () => {
    const { router } = await openProduct(1101, { signedInAs: fixtureUser() });
    await userEvent.setup().click(screen.getByRole('button', { name: ENTRY }));
    await screen.findByRole('heading', { level: 1, name: 'Qui voyage ?' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/tunnel/passengers');
    expect(screen.getByText('Achat : Ticket 1 voyage')).toBeTruthy();
  });

  it('is not offered to a visitor, a guest, on a network without the tunnel, or for an item not sold on a card', async () => {
    const cases: { id: number; user?: AuthUser; hasMediaTunnel?: boolean }[] = [
      { id: 1101 },
      { id: 1101, user: fixtureUser({ authAsGuest: true, userStatus: 'GUEST' }) },
      { id: 1101, user: fixtureUser(), hasMediaTunnel: false },
      // The group pass is sold on the phone only.
      { id: 1104, user: fixtureUser() },
    ];
    for (const { id, user, hasMediaTunnel } of cases) {
      const { unmount } = await openProduct(id, {
        ...(user ? { signedInAs: user } : {}),
        ...(hasMediaTunnel === undefined ? {} : { hasMediaTunnel }),
      });
      expect(screen.queryByRole('button', { name: ENTRY })).toBeNull();
      unmount();
    }
  });
});
