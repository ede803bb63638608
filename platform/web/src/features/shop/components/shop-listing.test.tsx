import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogueAnswer } from '@transit-shop/sdk/contract/catalogue';
import { describe, expect, it } from 'vitest';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureCatalogue, items } from '../../../test/fixtures/catalogue.ts';
import { renderApp } from '../../../test/render.tsx';
import { type Answer, createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

type ShopOptions = {
  catalogue?: CatalogueAnswer;
  answer?: () => Answer;
  guest?: boolean;
  path?: string;
};

/** The home page with the shop, its catalogue answered by the fake ticket backend. */
async function openShop({
  catalogue = fixtureCatalogue(),
  answer,
  guest = false,
  path = '/',
}: ShopOptions = {}) {
  stubTenantService();
  const locale = path.startsWith('/en') ? 'en' : path.startsWith('/ar') ? 'ar' : 'fr';
  const bootstrap = fixtureBootstrap({ locale, direction: locale === 'ar' ? 'rtl' : 'ltr' });
  const session = createTestSession({
    bootstrap,
    handlers: { 'Products/getProducts.json': answer ?? (() => ({ ok: catalogue })) },
    ...(guest
      ? {
          signedInAs: fixtureUser({
            userId: 90,
            userToken: 'token-90',
            authAsGuest: true,
            userStatus: 'GUEST',
          }),
        }
      : {}),
  });
  const view = await renderApp(path, { bootstrap });
  return { ...session, ...view };
}

/** The names of the products listed, category by category. */
function listed(): Record<string, string[]> {
  const shop = screen.getByRole('region', { name: /Titres et abonnements|Tickets and passes|التذاكر/ });
  return Object.fromEntries(
    within(shop)
      .getAllByRole('region')
      .map((category) => [
        within(category).getByRole('heading', { level: 3 }).textContent ?? '',
        within(category)
          .getAllByRole('heading', { level: 4 })
          .map((heading) => heading.textContent),
      ]),
  );
}

const badgesOf = (name: string) => {
  const card = screen.getByRole('heading', { level: 4, name }).closest('article') as HTMLElement;
  return within(within(card).getByRole('list', { name: 'Modes de distribution' }))
    .getAllByRole('listitem')
    .map((badge) => badge.textContent);
};

describe('the shop', () => {
  it('CAT-06 asks Products/getProducts.json for the product list, type 2, in the page language, signed', async () => {
    const { calls } = await openShop({ path: '/en/' });
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
    screen.getByRole('heading', { level: 2, name: 'Tickets and passes' });
    const call = calls.find((received) => received.path === 'Products/getProducts.json');
    expect(call).toMatchObject({
      method: 'GET',
      signed: true,
      payload: { type: '2', lang: 'en', network_id: '7' },
    });
    expect(call?.payload).not.toHaveProperty('tags');
  });

  it('CAT-01 CAT-02 lists products by category without hidden, card-creation, replacement or support-less items', async () => {
    await openShop();
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
    expect(listed()).toEqual({
      Tickets: ['Ticket 1 voyage', 'Carnet 10 voyages', 'Pass 24 heures', 'Pass Groupe', 'Carnet papier'],
      Abonnements: ['Abonnement hebdomadaire', 'Abonnement mensuel', 'Abonnement à reconduction tacite'],
      'Tarifs réduits': ['Abonnement mensuel Étudiant', 'Abonnement mensuel Senior', 'Abonnement sans mois'],
    });
    for (const hidden of [
      'Carte Lumière',
      'Carte de remplacement',
      'Frais d’envoi',
      'Titre sans support',
      'Cartes',
    ])
      expect(screen.queryByText(hidden)).toBeNull();
    expect(screen.getByText('Pour vos trajets occasionnels.')).toBeTruthy();
  });

  it('CAT-04 each product shows its support badges: app, card, click and collect', async () => {
    await openShop();
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
    expect(badgesOf('Ticket 1 voyage')).toEqual(['Téléphone', 'Carte']);
    expect(badgesOf('Pass Groupe')).toEqual(['Téléphone']);
    expect(badgesOf('Abonnement hebdomadaire')).toEqual(['Carte']);
    expect(badgesOf('Carnet papier')).toEqual(['Retrait en agence']);
  });

  it('CHK-03 a guest sees a card-only-for-guests product without the app badge', async () => {
    await openShop({ guest: true });
    await screen.findByRole('heading', { level: 4, name: 'Carnet 10 voyages' });
    expect(badgesOf('Carnet 10 voyages')).toEqual(['Carte']);
    expect(badgesOf('Ticket 1 voyage')).toEqual(['Téléphone', 'Carte']);
  });

  it('CAT-04 filters by category, distribution mode and rate, in the address, and clears the filters', async () => {
    const user = userEvent.setup();
    const { router } = await openShop();
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
    const filters = screen.getByRole('group', { name: 'Filtrer les titres' });
    // The filters act once the page is interactive (ReadyControls): a choice made before is lost.
    await waitFor(() => expect((filters as HTMLFieldSetElement).disabled).toBe(false));
    const category = within(filters).getByRole('combobox', { name: 'Catégorie' });
    const mode = within(filters).getByRole('combobox', { name: 'Mode de distribution' });
    const rate = within(filters).getByRole('combobox', { name: 'Tarif' });
    // Only the rates some product has are offered.
    expect(
      within(rate)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les tarifs', 'Tout public', 'Jeunes et étudiants', 'Seniors']);
    expect(
      within(mode)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tous les modes', 'Téléphone', 'Carte', 'Retrait en agence']);

    await user.selectOptions(category, 'Tickets');
    await waitFor(() => expect(Object.keys(listed())).toEqual(['Tickets']));
    await user.selectOptions(mode, 'Téléphone');
    await waitFor(() =>
      expect(listed()).toEqual({
        Tickets: ['Ticket 1 voyage', 'Carnet 10 voyages', 'Pass 24 heures', 'Pass Groupe'],
      }),
    );
    expect(router.state.location.search).toBe('?category=1&mode=APP');
    expect(screen.getByRole('status').textContent).toBe('Titres proposés : 4');

    await user.selectOptions(mode, 'Retrait en agence');
    await waitFor(() => expect(listed()).toEqual({ Tickets: ['Carnet papier'] }));

    await user.selectOptions(category, 'Toutes les catégories');
    await user.selectOptions(mode, 'Tous les modes');
    await user.selectOptions(rate, 'Jeunes et étudiants');
    await waitFor(() => expect(listed()).toEqual({ 'Tarifs réduits': ['Abonnement mensuel Étudiant'] }));

    await user.selectOptions(rate, 'Seniors');
    await user.selectOptions(mode, 'Retrait en agence');
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Aucun titre ne correspond à ces filtres.'),
    );
    expect(screen.queryAllByRole('heading', { level: 4 })).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(11));
    expect(router.state.location.search).toBe('');
  });

  it('CAT-04 a filtered address opens filtered; a value the listing does not hold filters nothing', async () => {
    await openShop({ path: '/?rate=senior&category=42&mode=BUS' });
    await screen.findByRole('heading', { level: 4, name: 'Abonnement mensuel Senior' });
    expect(listed()).toEqual({ 'Tarifs réduits': ['Abonnement mensuel Senior'] });
    screen.getByRole('button', { name: 'Effacer les filtres' });
  });

  it('CAT-04 a filter with nothing to choose between is left out', async () => {
    await openShop({
      catalogue: fixtureCatalogue({
        categories: [{ productTypeIndex: 1, name: 'Tickets', description: null, shopItems: [items.single] }],
      }),
    });
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
    expect(screen.queryByRole('combobox', { name: 'Catégorie' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tarif' })).toBeNull();
    screen.getByRole('combobox', { name: 'Mode de distribution' });
  });

  it('shows prices in the page language and the network currency, a promotion beside the usual price', async () => {
    await openShop();
    const card = (await screen.findByRole('heading', { level: 4, name: 'Pass 24 heures' })).closest(
      'article',
    ) as HTMLElement;
    expect(card.textContent).toContain('4,50\u00a0€');
    expect(card.querySelector('del')?.textContent).toBe('Prix habituel :5,50\u00a0€');
    const link = within(card).getByRole('link', { name: 'Pass 24 heures' });
    expect(link.getAttribute('href')).toBe('/products/1103');
  });

  it('in Arabic the shop is translated and prices are in the network currency', async () => {
    await openShop({ path: '/ar/', catalogue: fixtureCatalogue({ currency: 'MAD' }) });
    await screen.findByRole('heading', { level: 2, name: 'التذاكر والاشتراكات' });
    const link = await screen.findByRole('link', { name: 'Ticket 1 voyage' });
    expect(link.getAttribute('href')).toBe('/ar/products/1101');
    const price = new Intl.NumberFormat('ar', { style: 'currency', currency: 'MAD' }).format(1.9);
    expect(link.closest('article')?.textContent).toContain(price);
  });

  it('CAT-05 shows the no-products page when the network sells nothing', async () => {
    await openShop({ catalogue: fixtureCatalogue({ categories: [] }) });
    await screen.findByRole('heading', { level: 2, name: 'Aucun titre en vente pour le moment' });
    expect(screen.queryByRole('group', { name: 'Filtrer les titres' })).toBeNull();
  });

  it('CAT-05 CAT-01 shows the no-products page when every product is hidden from the shop', async () => {
    await openShop({
      catalogue: fixtureCatalogue({
        categories: [
          {
            productTypeIndex: 9,
            name: 'Cartes',
            description: null,
            shopItems: [items.newCard, items.shipping],
          },
        ],
      }),
    });
    await screen.findByRole('heading', { level: 2, name: 'Aucun titre en vente pour le moment' });
  });

  it('says when the catalogue cannot be loaded, and loads it again on request', async () => {
    const user = userEvent.setup();
    let reachable = false;
    await openShop({ answer: () => (reachable ? { ok: fixtureCatalogue() } : 'unreachable') });
    const retry = await screen.findByRole('button', { name: 'Réessayer' });
    screen.getByText("Les titres n'ont pas pu être chargés.");
    reachable = true;
    await user.click(retry);
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
  });

  it('the home page still paints its welcome first', async () => {
    await openShop();
    await screen.findByRole('heading', { level: 1, name: 'Welcome aboard' });
    await screen.findByRole('heading', { level: 4, name: 'Ticket 1 voyage' });
  });
});
