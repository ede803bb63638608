import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TUNNEL_STORAGE_KEY } from '@transit-shop/flows/tunnel/tunnel-storage';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import type { Bootstrap } from '@transit-shop/tenancy';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runningCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { forgetTunnel, startTunnel } from '../../../lib/tunnel/tunnel-runtime.ts';
import { payloadsAt } from '../../../test/account-session.ts';
import { fakeVerify, shopItem } from '../../../test/cart-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureCatalogue, items } from '../../../test/fixtures/catalogue.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { preloadLayoutParts, renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, type Handler, stubTenantService } from '../../../test/session.ts';

// The pages' code compiled ahead, so that cost does not fall within one test's time.
beforeAll(
  () =>
    Promise.all([
      preloadLayoutParts(),
      import('./tunnel.tsx'),
      import('../../../components/card-link-dialog.tsx'),
    ]),
  30_000,
);
afterEach(() => forgetTunnel());

const HOLDER = 7;
const CHILD = 21;
const child = {
  userId: CHILD,
  userName: 'Tom',
  userLastname: 'Martin',
  userBirthday: '2015-04-02',
  cardNumber: null,
  active: true,
  signInEmail: null,
};
const holder = () =>
  fixtureUser({ userId: HOLDER, userName: 'Léa', userLastname: 'Martin', profiles: [child] });

function medium(overrides: Partial<Medium>): Medium {
  return fixtureMedium({ number: '1234567890123456', created_at: '2026-11-01T10:00:00+01:00', ...overrides });
}

const pass = shopItem({ name: 'Pass mensuel', supports: ['PHYSICAL', 'DEMATERIALIZED'] });
const cardOnlyPass = shopItem({ name: 'Pass carte', supports: ['PHYSICAL'] });

function tunnelBootstrap(configuration: Partial<Bootstrap['network']['configuration']> = {}): Bootstrap {
  const base = fixtureBootstrap();
  return fixtureBootstrap({
    network: {
      ...base.network,
      configuration: { ...base.network.configuration, has_media_tunnel: true, ...configuration },
    },
  });
}

/** The app at a tunnel page, signed in as the user, the tunnel started for the item (unless saved). */
async function openTunnel(
  options: {
    item?: ShopItem | null;
    medias?: Medium[];
    path?: string;
    user?: AuthUser | null;
    bootstrap?: Bootstrap;
    handlers?: Record<string, Handler>;
  } = {},
) {
  stubTenantService();
  const bootstrap = options.bootstrap ?? tunnelBootstrap();
  const user = options.user === undefined ? holder() : options.user;
  const item = options.item === undefined ? pass : options.item;
  const session = createTestSession({
    bootstrap,
    ...(user ? { signedInAs: user } : {}),
    handlers: {
      'Account/getMedias.json': () => ({ ok: { medias: options.medias ?? [] } }),
      'Order/verify.json': fakeVerify([pass, cardOnlyPass, items.newCard]).handler,
      ...options.handlers,
    },
  });
  if (item) startTunnel(item);
  const view = await renderApp(options.path ?? '/tunnel/passengers', { bootstrap });
  return { ...view, calls: session.calls };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
const choice = async (name: RegExp) => screen.findByRole('button', { name });

describe('the purchase tunnel pages', () => {
  it('ROUTE-06 sends a signed-out visitor home', async () => {
    const { router } = await openTunnel({ user: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('ROUTE-06 sends a guest home', async () => {
    const { router } = await openTunnel({ user: fixtureUser({ authAsGuest: true }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('ROUTE-06 sends home on a network without the media tunnel', async () => {
    const { router } = await openTunnel({ bootstrap: fixtureBootstrap() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('sends home when no tunnel is under way', async () => {
    const { router } = await openTunnel({ item: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
  });

  it('TUN-02 lists the holder and their travellers, each saying whether they have a valid card', async () => {
    await openTunnel({ medias: [medium({ profileId: null })] });
    await heading('Qui voyage ?');
    expect(screen.getByText('Achat : Pass mensuel')).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Qui voyage ?' }));
    const holderChoice = list.getByRole('button', { name: /Léa Martin \(vous\)/ });
    expect(holderChoice.textContent).toContain('A une carte de transport valide');
    const childChoice = list.getByRole('button', { name: /Tom Martin/ });
    expect(childChoice.textContent).toContain('Pas de carte de transport valide');
  });

  it('ROUTE-08 ROUTE-13 a passenger with a valid card goes from the media to the card selection, each page at its top', async () => {
    const user = userEvent.setup();
    const scrolls = vi.spyOn(window, 'scrollTo');
    const { router } = await openTunnel({ medias: [medium({ profileId: null })] });
    await user.click(await choice(/Léa Martin/));
    await heading('Sur quel support ?');
    expect(router.state.location.pathname).toBe('/tunnel/media');
    await waitFor(() => expect(scrolls).toHaveBeenLastCalledWith(0, 0));
    scrolls.mockClear();
    await user.click(await choice(/Sur une carte de transport/));
    await heading('Choisir la carte de transport');
    expect(router.state.location.pathname).toBe('/tunnel/card/selection');
    await waitFor(() => expect(scrolls).toHaveBeenLastCalledWith(0, 0));
  });

  it('ROUTE-08 a passenger without a valid card goes from the media to the card step', async () => {
    const user = userEvent.setup();
    const { router } = await openTunnel({ medias: [medium({ profileId: null })] });
    await user.click(await choice(/Tom Martin/));
    await user.click(await choice(/Sur une carte de transport/));
    await heading('Aucune carte de transport à charger');
    expect(router.state.location.pathname).toBe('/tunnel/card');
  });

  it('ROUTE-07 an item sold only on a card skips the media step', async () => {
    const user = userEvent.setup();
    const { router } = await openTunnel({ item: cardOnlyPass });
    await user.click(await choice(/Tom Martin/));
    await heading('Aucune carte de transport à charger');
    expect(router.state.location.pathname).toBe('/tunnel/card');
  });

  it('TUN-01 the tunnel is kept in local storage under `tunnel` (passengers, media, selectedMedia, ready) and a new page load reads it back', async () => {
    const user = userEvent.setup();
    const first = await openTunnel({ medias: [medium({ profileId: null })] });
    await user.click(await choice(/Tom Martin/));
    await heading('Sur quel support ?');
    // Read under the name the spec gives, not through the code's own constant.
    const saved = () => JSON.parse(localStorage.getItem('tunnel') ?? 'null');
    expect(saved()).toMatchObject({
      passengers: [
        { id: HOLDER, media: 'VALID_MEDIA' },
        { id: CHILD, media: 'NO_VALID_MEDIA' },
      ],
      media: null,
      selectedMedia: null,
      ready: false,
      selectedPassenger: CHILD,
      steps: ['passengers', 'media'],
    });
    first.unmount();
    // A reload: the page's tunnel is gone, local storage is not.
    forgetTunnel();
    const { router } = await openTunnel({
      item: null,
      medias: [medium({ profileId: null })],
      path: '/tunnel/media',
    });
    await heading('Sur quel support ?');
    expect(router.state.location.pathname).toBe('/tunnel/media');
    expect(screen.getByText('Achat : Pass mensuel')).toBeTruthy();
    // The next choice is kept in the same entry.
    await user.click(await choice(/Sur une carte de transport/));
    await heading('Aucune carte de transport à charger');
    expect(saved()).toMatchObject({ media: 'PHYSICAL', selectedMedia: null, ready: false });
  });

  it('starts each step from its heading: focus leaves the choice that led there for the new page', async () => {
    const user = userEvent.setup();
    await openTunnel({ medias: [medium({ profileId: null })] });
    await user.click(await choice(/Tom Martin/));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 1, name: 'Sur quel support ?' }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Qui voyage ?' })),
    );
  });

  it('sends a step not reached yet to the current step', async () => {
    const { router } = await openTunnel({ path: '/tunnel/card/selection' });
    await heading('Qui voyage ?');
    expect(router.state.location.pathname).toBe('/tunnel/passengers');
  });

  it('Back returns to the previous step', async () => {
    const user = userEvent.setup();
    const { router } = await openTunnel();
    await user.click(await choice(/Tom Martin/));
    await heading('Sur quel support ?');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    await heading('Qui voyage ?');
    expect(router.state.location.pathname).toBe('/tunnel/passengers');
  });

  it('adds the line loaded on the chosen card to the cart, clears the tunnel and shows the cart', async () => {
    const user = userEvent.setup();
    const { router } = await openTunnel({ medias: [medium({ id: 41, profileId: null })] });
    await user.click(await choice(/Léa Martin/));
    await user.click(await choice(/Sur une carte de transport/));
    await user.click(await choice(/Carte/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), { timeout: 10_000 });
    expect(runningCartRuntime()?.actor.getSnapshot().context.items).toMatchObject([
      { item: { shopItemId: pass.shopItemId }, profile: HOLDER, delivery: 'PHYSICAL', mediaId: 41 },
    ]);
    expect(localStorage.getItem(TUNNEL_STORAGE_KEY)).toBeNull();
  });

  it('links a card for a traveller under their user id, then chooses it', async () => {
    const user = userEvent.setup();
    const linked = medium({ id: 55, number: '9876543210987654', profileId: CHILD });
    const { calls, router } = await openTunnel({
      item: cardOnlyPass,
      handlers: { 'Account/registerMedia.json': () => ({ ok: { media: linked, medias: [linked] } }) },
    });
    await user.click(await choice(/Tom Martin/));
    await user.click(await choice(/Lier une carte/));
    // The link form opens with the page, over it.
    const dialog = within(await screen.findByRole('dialog', {}, { timeout: 10_000 }));
    expect(router.state.location.pathname).toBe('/tunnel/card/association');
    await user.type(dialog.getByLabelText(/Numéro de carte/), '9876543210987654');
    const birthDate = dialog.queryByLabelText(/Date de naissance du titulaire/);
    if (birthDate) await user.type(birthDate, '2015-04-02');
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    await heading('Choisir la carte de transport');
    expect(router.state.location.pathname).toBe('/tunnel/card/selection');
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toMatchObject([
      { mediaNumber: '9876543210987654', userId: CHILD },
    ]);
  });

  it('pairs one of the account cards with a traveller under their user id (has_media_tunnel_pairing)', async () => {
    const user = userEvent.setup();
    const holderCard = medium({ id: 41, number: '1234567890123456', profileId: null });
    const paired = { ...holderCard, profileId: CHILD };
    const { calls, router } = await openTunnel({
      item: cardOnlyPass,
      medias: [holderCard],
      bootstrap: tunnelBootstrap({ has_media_tunnel_pairing: true }),
      handlers: { 'Account/registerMedia.json': () => ({ ok: { media: paired, medias: [paired] } }) },
    });
    await user.click(await choice(/Tom Martin/));
    await user.click(await choice(/Utiliser une de mes cartes/));
    await heading('Associer une carte au voyageur');
    await user.click(screen.getByRole('radio', { name: /Carte/ }));
    // The traveller's birth date is the card holder's unless changed.
    expect(
      (screen.getByLabelText('Date de naissance du titulaire de la carte') as HTMLInputElement).value,
    ).toBe('2015-04-02');
    await user.click(screen.getByRole('button', { name: 'Associer la carte' }));
    await heading('Choisir la carte de transport');
    expect(router.state.location.pathname).toBe('/tunnel/card/selection');
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toMatchObject([
      { mediaNumber: '1234567890123456', userId: CHILD, mediaCustomerBirthDate: '2015-04-02' },
    ]);
  });

  it('offers no pairing where the network has not has_media_tunnel_pairing', async () => {
    const user = userEvent.setup();
    await openTunnel({ item: cardOnlyPass, medias: [medium({ profileId: null })] });
    await user.click(await choice(/Tom Martin/));
    await heading('Aucune carte de transport à charger');
    expect(screen.queryByRole('button', { name: /Utiliser une de mes cartes/ })).toBeNull();
  });

  it('buys a new card with the item: one cart line for the traveller, on no card yet, with the card as its option', async () => {
    const user = userEvent.setup();
    const newCardCategory = { ...fixtureCatalogue().categories[0], shopItems: [items.newCard] };
    const { router } = await openTunnel({
      item: cardOnlyPass,
      handlers: {
        'Products/getProducts.json': () => ({
          ok: fixtureCatalogue({ categories: [newCardCategory] as never }),
        }),
      },
    });
    await user.click(await choice(/Tom Martin/));
    await user.click(await choice(/Acheter une nouvelle carte/));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'), { timeout: 10_000 });
    expect(runningCartRuntime()?.actor.getSnapshot().context.items).toMatchObject([
      {
        item: { shopItemId: cardOnlyPass.shopItemId },
        profile: CHILD,
        delivery: 'PHYSICAL',
        mediaId: null,
        option: { shopItemId: items.newCard.shopItemId },
      },
    ]);
  });

  it('answers not found at an address under /tunnel that is no step', async () => {
    const { router } = await openTunnel({ path: '/tunnel/elsewhere' });
    await waitFor(() => expect(router.state.errors).not.toBeNull(), { timeout: 10_000 });
    expect(Object.values(router.state.errors ?? {})[0]).toMatchObject({ status: 404 });
  });

  it('reads right to left in Arabic, the steps named in the language', async () => {
    const bootstrap = tunnelBootstrap();
    await openTunnel({
      path: '/ar/tunnel/passengers',
      bootstrap: { ...bootstrap, locale: 'ar', direction: 'rtl' },
    });
    // The page's styles are the right-to-left ones (logical properties flipped).
    expect((await heading('من المسافر؟')).className).toMatch(/\bmui-rtl-/);
    expect(screen.getByRole('button', { name: 'رجوع' }).className).toMatch(/\bmui-rtl-/);
  });
});
