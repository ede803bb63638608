import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import type { CatalogueAnswer } from '@transit-shop/sdk/contract/catalogue';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uninstallCartRuntime } from '../../../lib/cart/cart-runtime.ts';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { descriptionOf, payloadsAt } from '../../../test/account-session.ts';
import { browserZoneData, CHROMIUM_CASABLANCA } from '../../../test/browser-zones.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureCatalogue, items } from '../../../test/fixtures/catalogue.ts';
import { fixtureDocument, fixtureSubmission } from '../../../test/fixtures/documents.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { renderApp, renderRoutesWithApp, renderWithApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, type Handler, stubTenantService } from '../../../test/session.ts';
import { fakeUploads } from '../../../test/uploads.ts';
import { AddToCartProvider, type CartLineDraft } from '../add-to-cart.tsx';
import { Component as ProductRoute } from '../pages/product.tsx';
import { ProductDetails } from './product-details.tsx';

const ines: TravellerProfile = {
  userId: 31,
  userName: 'Inès',
  userLastname: 'Martin',
  userBirthday: '2004-05-01',
  cardNumber: null,
  active: true,
  signInEmail: null,
};
const paul: TravellerProfile = {
  ...ines,
  userId: 32,
  userName: 'Paul',
  userBirthday: '1960-01-01',
  active: false,
};
const guestUser = fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' });
/** An account linked to FranceConnect, in a session FranceConnect opened (decision 0044). */
const franceConnectSignIn = fixtureUser({
  identities: [{ providerId: 2 }],
  signedInWith: { providerId: 2, driver: 'FRANCECONNECT' },
});

type ProductOptions = {
  signedInAs?: AuthUser;
  catalogue?: CatalogueAnswer;
  locale?: Locale;
  /** The network sells cards through the purchase tunnel (has_media_tunnel). */
  mediaTunnel?: boolean;
  /** The network sells tacit subscriptions (has_subscriptions). */
  subscriptions?: boolean;
  /** The account's transport cards (Account/getMedias.json); none by default. */
  medias?: Medium[];
  /** Further answers of the fake backend. */
  handlers?: Record<string, Handler>;
  /** What the cart does with a line; by default it keeps it. */
  onAddToCart?: (line: CartLineDraft) => void | Promise<void>;
};

/** The product page of an item (as the route renders it, the cart function given), on the fake backend. */
async function openProduct(shopItemId: number, options: ProductOptions = {}) {
  stubTenantService();
  const locale = options.locale ?? 'fr';
  const bootstrap = bootstrapOf(locale, options.mediaTunnel, options.subscriptions);
  const catalogue = options.catalogue ?? fixtureCatalogue();
  const session = createTestSession({
    bootstrap,
    handlers: {
      'Products/getProducts.json': () => ({ ok: catalogue }),
      'Account/getMedias.json': () => ({ ok: { medias: options.medias ?? [] } }),
      // Every traveller holds a valid document of each type, unless a test says otherwise.
      'Document/getUserDocuments.json': (payload) => ({
        ok: {
          documents: [1, 2].map((type) =>
            fixtureDocument({ id: 500 + type, document_type_id: type, user_id: Number(payload.userId) }),
          ),
        },
      }),
      'Document/getUserDocumentSubmissions.json': () => ({ ok: { current: [], past: [] } }),
      ...options.handlers,
    },
    ...(options.signedInAs ? { signedInAs: options.signedInAs } : {}),
  });
  const added: CartLineDraft[] = [];
  const onAddToCart =
    options.onAddToCart ??
    ((line: CartLineDraft) => {
      added.push(line);
    });
  const prefix = locale === 'fr' ? '' : `/${locale}`;
  const view = await renderRoutes(
    `${prefix}/products/${shopItemId}`,
    <WithSession>
      <ProductDetails shopItemId={shopItemId} onAddToCart={onAddToCart} />
    </WithSession>,
    locale,
    options.mediaTunnel,
    options.subscriptions,
  );
  const add = await screen.findByRole(
    'button',
    { name: /Ajouter au panier|Add to cart|أضف إلى السلة/ },
    { timeout: 10_000 },
  );
  // With a session, the add waits for the user.
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  return { ...session, ...view, added, user: userEvent.setup() };
}

function bootstrapOf(locale: Locale, mediaTunnel = false, subscriptions = false) {
  const bootstrap = fixtureBootstrap({ locale, direction: locale === 'ar' ? 'rtl' : 'ltr' });
  const { network } = bootstrap;
  return {
    ...bootstrap,
    network: {
      ...network,
      configuration: {
        ...network.configuration,
        has_media_tunnel: mediaTunnel,
        has_subscriptions: subscriptions,
      },
    },
  };
}

/** Renders `ui` at `path` in the app's providers, under a `/products/:id` route. */
async function renderRoutes(
  path: string,
  ui: ReactNode,
  locale: Locale = 'fr',
  mediaTunnel = false,
  subscriptions = false,
) {
  const bootstrap = bootstrapOf(locale, mediaTunnel, subscriptions);
  const { router, i18n } = await renderWithApp(ui, { locale, path, bootstrap });
  return { router, i18n };
}

const addToCart = () => screen.getByRole('button', { name: 'Ajouter au panier' });
/** A text as Testing Library matches it: every run of spaces, no-break ones included, as one space. */
const spaced = (text: string) => text.replace(/\s+/g, ' ');
const options = (name: string) =>
  within(screen.getByRole('combobox', { name }))
    .getAllByRole('option')
    .map((option) => option.textContent);
const selected = (name: string) => (screen.getByRole('combobox', { name }) as HTMLSelectElement).value;
const monthInArabic = (date: string) =>
  new Intl.DateTimeFormat('ar', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

describe('the product page', () => {
  beforeEach(() => {
    // Saturday 31 January 2026, 11:00 in Paris.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-31T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('PIVOT-02 a monthly pass proposes the current month then the next ones, each with its days, and the line carries the month', async () => {
    // Thursday 15 January 2026 in Paris: the current month comes first, from today.
    vi.setSystemTime(new Date('2026-01-15T10:00:00Z'));
    const { user, added } = await openProduct(items.monthly.shopItemId);
    screen.getByRole('heading', { level: 1, name: 'Abonnement mensuel' });
    expect(options('Mois')).toEqual([
      'janvier 2026 (valable 17 jours)',
      'février 2026 (valable 28 jours)',
      'mars 2026 (valable 31 jours)',
    ]);
    expect(selected('Mois')).toBe('2026-01');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Mois' }),
      'février 2026 (valable 28 jours)',
    );
    await user.click(addToCart());
    expect(added).toEqual([
      {
        item: items.monthly,
        quantity: 1,
        profile: null,
        delivery: 'PHYSICAL',
        startMonth: '2026-02',
        startDate: null,
        startTime: null,
        startOffset: null,
        fields: {},
        isSubscription: false,
      },
    ]);
    screen.getByText('Durée de validité : 1 mois');
  });

  it('PIVOT-02 on the 27th of a month the next month is proposed and chosen first, the current one after it with its few days', async () => {
    // Saturday 27 June 2026, 11:00 in Paris: four days of June are left.
    vi.setSystemTime(new Date('2026-06-27T09:00:00Z'));
    const { user, added } = await openProduct(items.monthly.shopItemId, { locale: 'en' });
    expect(options('Month')).toEqual([
      'July 2026 (valid for 31 days)',
      'June 2026 (valid for 4 days)',
      'August 2026 (valid for 31 days)',
      'September 2026 (valid for 30 days)',
    ]);
    expect(selected('Month')).toBe('2026-07');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(added.map((line) => line.startMonth)).toEqual(['2026-07']);
  });

  it('PIVOT-02 on the last day of a month the current month says it covers one day, with Arabic plural forms too', async () => {
    // Saturday 31 January 2026 in Paris.
    await openProduct(items.monthly.shopItemId, { locale: 'ar' });
    expect(options('الشهر').slice(0, 2)).toEqual([
      `${monthInArabic('2026-02-01')} (صالح لمدة 28 يومًا)`,
      `${monthInArabic('2026-01-01')} (صالح ليوم واحد)`,
    ]);
    expect(selected('الشهر')).toBe('2026-02');
  });

  it('PIVOT-01 a day pass proposes 15-minute slots on the network clock, from the slot under way', async () => {
    // Saturday 28 March 2026, 21:10 in Paris; clocks go forward that night.
    vi.setSystemTime(new Date('2026-03-28T20:10:00Z'));
    const { user, added } = await openProduct(items.dayPass.shopItemId);
    expect(options('Jour')).toEqual(['samedi 28 mars', 'dimanche 29 mars', 'lundi 30 mars']);
    expect(options('Heure de début').slice(0, 3)).toEqual(['21:00', '21:15', '21:30']);
    expect(options('Heure de début').at(-1)).toBe('23:45');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Jour' }), 'dimanche 29 mars');
    const times = options('Heure de début');
    expect(times).toHaveLength(92);
    expect(times.slice(7, 9)).toEqual(['01:45', '03:00']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Heure de début' }), '03:00');
    await user.click(addToCart());
    // The day and time chosen on the network's clock, no instant (decision 0038).
    expect(added[0]).toMatchObject({
      startMonth: null,
      startDate: '2026-03-29',
      startTime: '03:00',
      startOffset: null,
    });
    expect(added[0]).not.toHaveProperty('startingAt');
  });

  it('PIVOT-01 the night clocks go back, the hour shown twice carries its UTC offset', async () => {
    vi.setSystemTime(new Date('2026-10-24T10:00:00Z'));
    const { user, added } = await openProduct(items.dayPass.shopItemId);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Jour' }), 'dimanche 25 octobre');
    const times = options('Heure de début');
    expect(times).toHaveLength(100);
    expect(times.filter((time) => time?.startsWith('02:00'))).toEqual([
      '02:00 (UTC+02:00)',
      '02:00 (UTC+01:00)',
    ]);
    // The second 02:00 is told by the offset shown beside it.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Heure de début' }), '02:00 (UTC+01:00)');
    await user.click(addToCart());
    expect(added[0]).toMatchObject({ startDate: '2026-10-25', startTime: '02:00', startOffset: '+01:00' });
  });

  it('PIVOT-04 a weekly pass proposes weeks from their Monday, the current one first', async () => {
    vi.setSystemTime(new Date('2026-03-29T20:30:00Z'));
    const { user, added } = await openProduct(items.weekPass.shopItemId);
    expect(options('Semaine')).toEqual([
      'Semaine du lundi 23 mars 2026',
      'Semaine du lundi 30 mars 2026',
      'Semaine du lundi 6 avril 2026',
    ]);
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Semaine' }),
      'Semaine du lundi 30 mars 2026',
    );
    await user.click(addToCart());
    expect(added[0]).toMatchObject({ startMonth: null, startDate: '2026-03-30', startTime: null });
  });

  it('PIVOT-03 a month pass whose start cannot be computed says so and is not added', async () => {
    const { user, added, i18n } = await openProduct(items.brokenMonthly.shopItemId);
    screen.getByText(i18n.t('apiErrors.ARTICLE_START_DATE'));
    await user.click(addToCart());
    expect(added).toEqual([]);
  });

  it('an item valid from purchase proposes no start date', async () => {
    await openProduct(items.single.shopItemId);
    expect(screen.queryByRole('combobox')).toBeNull();
    screen.getByText("Valable dès l'achat.");
  });

  it('CART-04 the quantity stays within articleQuantityMin and articleQuantityMax', async () => {
    const { user, added } = await openProduct(items.carnet.shopItemId);
    const quantity = screen.getByRole('spinbutton', { name: 'Quantité' });
    const less = screen.getByRole('button', { name: 'Retirer un' });
    const more = screen.getByRole('button', { name: 'Ajouter un' });
    expect((quantity as HTMLInputElement).value).toBe('1');
    expect(descriptionOf(quantity)).toBe('Entre 1 et 4.');
    expect((less as HTMLButtonElement).disabled).toBe(true);
    for (let step = 0; step < 3; step += 1) await user.click(more);
    expect((quantity as HTMLInputElement).value).toBe('4');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Total : 66,00\u00a0€');

    await user.clear(quantity);
    await user.type(quantity, '9');
    expect(descriptionOf(quantity)).toBe('La quantité doit être comprise entre 1 et 4.');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    await user.click(addToCart());
    expect(added).toEqual([]);
    expect(document.activeElement).toBe(quantity);

    // A step from a value outside the limits lands on the nearest limit.
    await user.click(less);
    expect((quantity as HTMLInputElement).value).toBe('4');
    await user.click(less);
    await user.click(addToCart());
    expect(added.map((line) => line.quantity)).toEqual([3]);
  });

  it('CART-04 an item bought one at a time states its quantity', async () => {
    const { user, added } = await openProduct(items.weekPass.shopItemId);
    const quantity = screen.getByRole('textbox', { name: 'Quantité' }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    expect(quantity.readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Ajouter un' })).toBeNull();
    await user.click(addToCart());
    expect(added[0]?.quantity).toBe(1);
  });

  it('CART-12 the additional fields are checked against their definitions before the line is added', async () => {
    const { user, added } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
    });
    const studentNumber = screen.getByRole('textbox', { name: /Numéro étudiant/ });
    await user.click(addToCart());
    expect(added).toEqual([]);
    screen.getByText('Tous les champs obligatoires ne sont pas remplis.');
    expect(descriptionOf(studentNumber)).toBe('Ce champ est obligatoire.');
    expect(document.activeElement).toBe(studentNumber);
    const certify = screen.getByRole('checkbox', { name: /J'atteste être inscrit/ });
    expect(certify.getAttribute('aria-invalid')).toBe('true');

    await user.type(studentNumber, 'A-1234');
    await user.selectOptions(screen.getByRole('combobox', { name: /Établissement/ }), 'IUT');
    const year = screen.getByRole('spinbutton', { name: /Année d'études/ });
    await user.type(year, '9');
    await user.click(certify);
    await user.click(addToCart());
    expect(added).toEqual([]);
    screen.getByText('Tous les champs ne respectent pas les règles.');
    expect(descriptionOf(year)).toBe('La valeur doit être au plus 8.');

    await user.clear(year);
    await user.type(year, '2');
    await user.click(addToCart());
    expect(added[0]?.fields).toEqual({ studentNumber: 'A-1234', institution: 'iut', year: 2, certify: true });
  });

  it('an additional information error goes as soon as its field is filled, and comes back if it is emptied before the next add', async () => {
    const { user, added } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
    });
    const studentNumber = screen.getByRole('textbox', { name: /Numéro étudiant/ });
    const certify = screen.getByRole('checkbox', { name: /J'atteste être inscrit/ });
    await user.click(addToCart());
    expect(descriptionOf(studentNumber)).toBe('Ce champ est obligatoire.');
    await user.type(studentNumber, 'A-1234');
    expect(studentNumber.getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(studentNumber)).not.toContain('Ce champ est obligatoire.');
    expect(certify.getAttribute('aria-invalid')).toBe('true');
    await user.click(certify);
    expect(certify.getAttribute('aria-invalid')).not.toBe('true');
    await user.clear(studentNumber);
    expect(descriptionOf(studentNumber)).toBe('Ce champ est obligatoire.');
    expect(added).toEqual([]);
  });

  it('the signed-in holder buys for themselves or an active traveller; age conditions leave some out', async () => {
    const { user, added } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines, paul] }),
    });
    const travellers = await screen.findByRole('radiogroup', { name: 'Pour qui ?' });
    const radios = within(travellers).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      "Léa Martin (vous)hors des conditions d'âge",
      'Inès Martin',
    ]);
    // Léa (born 1990) is over 27: Inès is chosen.
    expect((radios[0] as HTMLInputElement).disabled).toBe(true);
    expect((radios[1] as HTMLInputElement).checked).toBe(true);
    screen.getByText("Jusqu'à 27 ans.");
    await user.type(screen.getByRole('textbox', { name: /Numéro étudiant/ }), 'A-1');
    await user.selectOptions(screen.getByRole('combobox', { name: /Établissement/ }), 'IUT');
    await user.click(screen.getByRole('checkbox', { name: /J'atteste/ }));
    await user.click(addToCart());
    expect(added[0]?.profile).toBe(31);
  });

  it('the traveller is chosen with the keyboard', async () => {
    // user-event moves between radios as a browser does, with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    const { user, added } = await openProduct(items.monthly.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
    });
    const [lea] = within(await screen.findByRole('radiogroup', { name: 'Pour qui ?' })).getAllByRole('radio');
    expect((lea as HTMLInputElement).checked).toBe(true);
    lea?.focus();
    await user.keyboard('{ArrowDown}');
    await user.click(addToCart());
    expect(added[0]?.profile).toBe(31);
  });

  it('a visitor names no traveller and is invited to sign in, coming back to the product', async () => {
    const { user, added } = await openProduct(items.monthly.shopItemId);
    expect(screen.queryByRole('radiogroup', { name: 'Pour qui ?' })).toBeNull();
    const signIn = screen.getByRole('link', { name: 'connectez-vous' });
    expect(signIn.getAttribute('href')).toBe('/auth?redirect=%2Fproducts%2F2101');
    await user.click(addToCart());
    expect(added[0]?.profile).toBe(null);
  });

  it('WAL-02 the support is chosen among those offered: the app or the card', async () => {
    const { user, added } = await openProduct(items.single.shopItemId);
    const delivery = screen.getByRole('radiogroup', { name: 'Réception du titre' });
    const [card, app] = within(delivery).getAllByRole('radio');
    expect(card?.closest('label')?.textContent).toBe(
      'Sur votre carte de transportLe titre est chargé sur votre carte.',
    );
    expect((card as HTMLInputElement).checked).toBe(true);
    await user.click(app as HTMLElement);
    await user.click(addToCart());
    expect(added[0]).toMatchObject({ delivery: 'DEMATERIALIZED', quantity: 1 });
  });

  it('CAT-03 after a FranceConnect sign-in the phone is not offered: the ticket can only go on a card', async () => {
    await openProduct(items.single.shopItemId, { signedInAs: franceConnectSignIn });
    expect(screen.queryByRole('radiogroup', { name: 'Réception du titre' })).toBeNull();
    expect(screen.queryByText('Sur votre téléphone')).toBeNull();
    screen.getByText('Sur votre carte de transport');
  });

  it('CAT-03 the same account signed in by email and password may have the ticket on the phone', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ identities: [{ providerId: 2 }] }),
    });
    const delivery = screen.getByRole('radiogroup', { name: 'Réception du titre' });
    await user.click(within(delivery).getByRole('radio', { name: /^Sur votre téléphone/ }));
    await user.click(addToCart());
    expect(added[0]?.delivery).toBe('DEMATERIALIZED');
  });

  it('CHK-06 a click-and-collect item is collected at an agency 48 to 72 hours after the order', async () => {
    const { user, added } = await openProduct(items.paperCarnet.shopItemId);
    expect(screen.queryByRole('radiogroup', { name: 'Réception du titre' })).toBeNull();
    screen.getByText('Retrait en agence');
    screen.getByText('Disponible dans l’agence choisie 48 à 72 heures après la commande.');
    await user.click(addToCart());
    expect(added[0]?.delivery).toBe('PHYSICAL');
  });

  it('CHK-03 a guest gets a card-only-for-guests item on a card, for the guest customer', async () => {
    const { user, added } = await openProduct(items.carnet.shopItemId, { signedInAs: guestUser });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    screen.getByText('Sur votre carte de transport');
    await user.click(addToCart());
    expect(added[0]).toMatchObject({ delivery: 'PHYSICAL', profile: 90 });
  });

  it('SUB-04 on a network without subscriptions an item that allows one is sold for one period: no choice, no renewal promised', async () => {
    const { user, added } = await openProduct(items.tacit.shopItemId, { signedInAs: fixtureUser() });
    expect(screen.queryByRole('radiogroup', { name: 'Comment voulez-vous l’acheter\u202f?' })).toBeNull();
    expect(screen.queryByText(/renouvel/i)).toBeNull();
    await user.click(addToCart());
    expect(added[0]?.isSubscription).toBe(false);
  });

  it('SUB-04 with has_subscriptions an item that allows one offers one period (chosen first) or a subscription renewed every month, and the line says which', async () => {
    // user-event moves between radios as a browser does, with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/[^\w-]/g, (c) => `\\${c}`) });
    const { user, added } = await openProduct(items.tacit.shopItemId, {
      signedInAs: fixtureUser(),
      subscriptions: true,
    });
    screen.getByText('Aussi en abonnement renouvelé chaque mois, résiliable à tout moment.');
    const choice = screen.getByRole('radiogroup', { name: 'Comment voulez-vous l’acheter\u202f?' });
    const once = within(choice).getByRole('radio', { name: /^Pour une seule période/ });
    const subscription = within(choice).getByRole('radio', { name: /^En abonnement/ });
    // Never a recurring payment ticked in advance.
    expect((once as HTMLInputElement).checked).toBe(true);
    expect((subscription as HTMLInputElement).checked).toBe(false);
    within(choice).getByText(
      spaced(
        'Renouvelé automatiquement chaque mois au prix du catalogue (62,00\u00a0€ aujourd’hui) jusqu’à sa résiliation. Vous pouvez le résilier à tout moment depuis votre compte.',
      ),
    );
    await user.click(addToCart());
    expect(added[0]).toMatchObject({ item: items.tacit, isSubscription: false });

    // The keyboard moves the choice along the group.
    once.focus();
    await user.keyboard('{ArrowDown}');
    expect((subscription as HTMLInputElement).checked).toBe(true);
    await user.click(addToCart());
    expect(added[1]).toMatchObject({ item: items.tacit, isSubscription: true });
  });

  it('SUB-04 with has_subscriptions an item that does not allow one offers no choice and is sold for one period', async () => {
    const { user, added } = await openProduct(items.monthly.shopItemId, {
      signedInAs: fixtureUser(),
      subscriptions: true,
    });
    expect(screen.queryByRole('radio', { name: /^En abonnement/ })).toBeNull();
    expect(screen.queryByText(/renouvel/i)).toBeNull();
    await user.click(addToCart());
    expect(added[0]?.isSubscription).toBe(false);
  });

  for (const who of ['visitor', 'guest'] as const) {
    it(`a ${who} who chooses the subscription is told an account is needed, with a way to log in and come back, and nothing is added`, async () => {
      const { user, added } = await openProduct(items.tacit.shopItemId, {
        subscriptions: true,
        ...(who === 'guest' ? { signedInAs: guestUser } : {}),
      });
      expect(screen.queryByText(/Un abonnement se gère dans un compte/)).toBeNull();
      await user.click(screen.getByRole('radio', { name: /^En abonnement/ }));
      const alert = await screen.findByText(/Un abonnement se gère dans un compte/);
      const link = within(alert).getByRole('link', { name: 'Se connecter ou s’inscrire' });
      expect(link.getAttribute('href')).toBe(`/auth?redirect=${encodeURIComponent('/products/2102')}`);
      await user.click(addToCart());
      screen.getByText('Connectez-vous pour vous abonner, ou choisissez l’achat pour une seule période.');
      expect(added).toEqual([]);

      // One period needs no account.
      await user.click(screen.getByRole('radio', { name: /^Pour une seule période/ }));
      expect(screen.queryByText(/Un abonnement se gère dans un compte/)).toBeNull();
      await user.click(addToCart());
      expect(added).toMatchObject([{ isSubscription: false }]);
    });
  }

  it('SUB-04 in Arabic the choice reads right to left, its price written the Arabic way', async () => {
    await openProduct(items.tacit.shopItemId, {
      signedInAs: fixtureUser(),
      subscriptions: true,
      locale: 'ar',
    });
    const choice = screen.getByRole('radiogroup', { name: 'كيف تريد شراءه؟' });
    expect(within(choice).getByRole('radio', { name: /^كاشتراك/ })).toBeTruthy();
    const price = new Intl.NumberFormat('ar', { style: 'currency', currency: 'EUR' }).format(62);
    within(choice).getByText(
      spaced(
        `يتجدد تلقائيًا كل شهر بسعر الكتالوج (${price} اليوم) إلى أن تُلغيه. يمكنك إلغاؤه في أي وقت من حسابك.`,
      ),
    );
  });

  it('names the documents a reduced fare asks for and their two-day check', async () => {
    await openProduct(items.student.shopItemId);
    const documents = screen.getByRole('region', { name: 'Justificatifs à fournir' });
    expect(within(documents).getByRole('listitem').textContent).toBe('Carte étudiantePour l’année en cours.');
    within(documents).getByText(
      'Chaque justificatif doit être valide. Sa vérification prend environ deux jours.',
    );
  });

  it('shows a promotion beside the usual price, in the network currency', async () => {
    await openProduct(items.dayPass.shopItemId);
    screen.getByText('4,50 €');
    expect(document.querySelector('del')?.textContent).toBe('Prix habituel :5,50\u00a0€');
  });

  it('says why the cart refused the line', async () => {
    const { user, i18n } = await openProduct(items.single.shopItemId, {
      onAddToCart: () => Promise.reject(new AppError('GUEST_NOT_ALLOWED')),
    });
    await user.click(addToCart());
    await screen.findByText(i18n.t('apiErrors.GUEST_NOT_ALLOWED'));
  });

  it('I18N-04 reads right to left in Arabic, with Arabic texts', async () => {
    await openProduct(items.monthly.shopItemId, { locale: 'ar' });
    screen.getByRole('heading', { level: 2, name: 'مشترياتك' });
    screen.getByRole('combobox', { name: 'الشهر' });
    screen.getByRole('spinbutton', { name: 'الكمية' });
  });

  it('CAT-01 a hidden item, or an unknown one, is not for sale here', async () => {
    stubTenantService();
    createTestSession({ handlers: { 'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }) } });
    await renderRoutes(
      '/products/9101',
      <WithSession>
        <ProductDetails shopItemId={items.newCard.shopItemId} onAddToCart={() => {}} />
      </WithSession>,
    );
    await screen.findByRole('heading', { level: 1, name: "Ce titre n'est pas en vente" });
    expect(screen.getByRole('link', { name: 'Voir les titres' }).getAttribute('href')).toBe('/');
  });
});

describe('the product route', () => {
  it('ROUTE-03 /products and /products/ go home, in the language of the address', async () => {
    for (const [path, home] of [
      ['/products', '/'],
      ['/products/', '/'],
      ['/en/products', '/en/'],
    ] as const) {
      stubTenantService();
      createTestSession({ handlers: { 'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }) } });
      const { router, unmount } = await renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe(home));
      await screen.findByRole('heading', { level: 1, name: 'Welcome aboard' });
      unmount();
    }
  });

  it('CART-01 the route adds to the page cart: twice the same line raises its quantity, saved under cart', async () => {
    stubTenantService();
    localStorage.removeItem('cart');
    const { calls } = createTestSession({
      handlers: {
        'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }),
        'Order/verify.json': () => ({ ko: { code: 'SERVICE_UNAVAILABLE' }, status: 503 }),
      },
    });
    await renderApp('/products/1101');
    const add = await screen.findByRole('button', { name: 'Ajouter au panier' }, { timeout: 10_000 });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const user = userEvent.setup();
    await user.click(add);
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cart') ?? '{}').items).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await waitFor(() => {
      const saved = JSON.parse(localStorage.getItem('cart') ?? '{}');
      expect(saved.items).toHaveLength(1);
      expect(saved.items[0].quantity).toBe(2);
    });
    // Each change asks the server to verify the order again.
    await waitFor(() =>
      expect(calls.filter((call) => call.path === 'Order/verify.json').length).toBeGreaterThanOrEqual(1),
    );
  });

  it('a weekly pass of a network whose zone the browser reads an hour off (Casablanca) goes to the order as the Monday chosen, never as an instant', async () => {
    // Debian's Chromium reads Africa/Casablanca at UTC+0 in December 2026, where it is UTC+1
    // (decision 0038): the browser's clock of the network is an hour behind.
    browserZoneData(CHROMIUM_CASABLANCA);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T10:00:00Z'));
    const hour = new Intl.DateTimeFormat('en', {
      timeZone: 'Africa/Casablanca',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    expect(hour.format(Date.parse('2026-12-07T00:00:00+01:00'))).toBe('23');
    const base = fixtureBootstrap();
    const bootstrap = { ...base, network: { ...base.network, timeZone: 'Africa/Casablanca' } };
    stubTenantService();
    // The page cart starts afresh, with this test's backend.
    uninstallCartRuntime();
    localStorage.removeItem('cart');
    const { calls } = createTestSession({
      bootstrap,
      handlers: {
        'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }),
        'Order/verify.json': () => ({ ko: { code: 'SERVICE_UNAVAILABLE' }, status: 503 }),
      },
    });
    await renderApp('/products/2201', { bootstrap });
    const add = await screen.findByRole('button', { name: 'Ajouter au panier' }, { timeout: 10_000 });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    const user = userEvent.setup();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Semaine' }),
      'Semaine du lundi 7 décembre 2026',
    );
    await user.click(add);
    await waitFor(() => expect(payloadsAt(calls, 'Order/verify.json').length).toBeGreaterThanOrEqual(1), {
      timeout: 10_000,
    });
    const [verified] = payloadsAt(calls, 'Order/verify.json');
    const [article] = (verified?.articles ?? []) as Record<string, unknown>[];
    // The day chosen: the server starts the pass at 00:00 on it, on its own clock of the network.
    expect(article).toMatchObject({ shopItemId: 2201, startDate: '2026-12-07', startTime: null });
    expect(article).not.toHaveProperty('startingAt');
    expect(JSON.parse(localStorage.getItem('cart') ?? '{}').items[0]).toMatchObject({
      startDate: '2026-12-07',
    });
  });

  it('the route hands each line to the function the app provides', async () => {
    stubTenantService();
    createTestSession({ handlers: { 'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }) } });
    const added: CartLineDraft[] = [];
    await renderRoutesWithApp(
      [
        {
          path: '/products/:id',
          element: (
            <AddToCartProvider onAddToCart={(line) => void added.push(line)}>
              <ProductRoute />
            </AddToCartProvider>
          ),
        },
      ],
      { path: '/products/1104' },
    );
    const add = await screen.findByRole('button', { name: 'Ajouter au panier' }, { timeout: 10_000 });
    // Enabled once the page is interactive (useHydrated), right after its first render.
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await userEvent.setup().click(add);
    expect(added).toMatchObject([{ item: { shopItemId: 1104 }, delivery: 'DEMATERIALIZED', quantity: 1 }]);
  });
});

function medium(overrides: Partial<Medium>): Medium {
  return fixtureMedium({ ...overrides });
}

/** A card number as the page shows it: grouped by four, one left-to-right run. */
const shown = (grouped: string) => `\u2066${grouped}\u2069`;
const CARD_GROUP = 'Carte qui reçoit le titre';
const NEW_CARD =
  'Une nouvelle carte, envoyée par courrier5,00\u00a0€, ajoutée à votre panier. Au nom du voyageur, envoyée à votre adresse\u202f; le titre se charge à la première validation de la carte.';
/** The fixture catalogue without its new-card product: the network sends no card by post. */
const catalogueWithoutNewCard = () => {
  const catalogue = fixtureCatalogue();
  return {
    ...catalogue,
    categories: catalogue.categories.map((category) => ({
      ...category,
      shopItems: category.shopItems.filter((item) => item.shopItemId !== items.newCard.shopItemId),
    })),
  };
};
const cardRadios = async () =>
  within(await screen.findByRole('radiogroup', { name: CARD_GROUP })).getAllByRole(
    'radio',
  ) as HTMLInputElement[];
const labelsOf = (radios: HTMLInputElement[]) => radios.map((radio) => radio.closest('label')?.textContent);

describe('the card that receives the ticket', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-31T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const leasCard = medium({ id: 41 });
  const cards = [
    leasCard,
    medium({
      id: 42,
      number: '2501000033334444',
      state: 'EXPIRED',
      status: 'EXPIRED',
      expires_at: '2025-12-31',
    }),
    medium({ id: 43, number: '2501000055556666', status: 'BLOCKED' }),
    medium({ id: 44, number: '2501000077778888', profileId: 31 }),
    medium({ id: 45, number: '2501000099990000', profileId: 33 }),
  ];

  it("lists the traveller's usable cards and a new card; none is chosen, the add asks for one, and the line carries the card", async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: cards,
    });
    const radios = await cardRadios();
    // Léa's expired and blocked cards, and the other travellers' cards, are left out.
    expect(labelsOf(radios)).toEqual([
      `Carte ${shown('2501 0000 1111 2222')}Valable jusqu’au 31 décembre 2030`,
      NEW_CARD,
    ]);
    expect(radios.some((radio) => radio.checked)).toBe(false);
    screen.getByRole('button', { name: 'Lier une carte' });

    await user.click(addToCart());
    expect(added).toEqual([]);
    screen.getByText('Tous les champs obligatoires ne sont pas remplis.');
    screen.getByText('Choisissez la carte qui reçoit le titre.');
    // The keyboard goes on from the choice that is missing.
    await waitFor(() => expect(document.activeElement).toBe(radios[0]));

    await user.click(radios[0] as HTMLInputElement);
    await user.click(addToCart());
    expect(added).toEqual([
      {
        item: items.single,
        quantity: 1,
        profile: 7,
        delivery: 'PHYSICAL',
        mediaId: 41,
        startMonth: null,
        startDate: null,
        startTime: null,
        startOffset: null,
        fields: {},
        isSubscription: false,
      },
    ]);
  });

  it("changing the traveller lists the traveller's cards and starts the choice again", async () => {
    const { user } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: cards,
    });
    await user.click((await cardRadios())[0] as HTMLInputElement);
    await user.click(screen.getByRole('radio', { name: 'Inès Martin' }));
    const radios = await cardRadios();
    expect(labelsOf(radios)).toEqual([
      `Carte ${shown('2501 0000 7777 8888')}Valable jusqu’au 31 décembre 2030`,
      NEW_CARD,
    ]);
    expect(radios.some((radio) => radio.checked)).toBe(false);
  });

  it('a traveller without a usable card gets a new card by default: the creation product is the line’s option', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      // Léa's cards are expired, blocked or paired with others.
      medias: cards.slice(1),
    });
    const radios = await cardRadios();
    expect(labelsOf(radios)).toEqual([NEW_CARD]);
    expect(radios[0]?.checked).toBe(true);
    screen.getByText(/Ce voyageur n’a aucune carte qui puisse recevoir le titre/);
    screen.getByRole('button', { name: 'Lier une carte' });
    await user.click(addToCart());
    expect(added).toEqual([
      expect.objectContaining({
        item: items.single,
        profile: 7,
        delivery: 'PHYSICAL',
        mediaId: null,
        option: items.newCard,
      }),
    ]);
  });

  it('where the network names no new-card product, no new card is offered: a traveller without a card links one, and nothing is added until then', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      catalogue: catalogueWithoutNewCard(),
      // Léa's cards are expired, blocked or paired with others.
      medias: cards.slice(1),
    });
    const group = await screen.findByRole('radiogroup', { name: CARD_GROUP });
    expect(within(group).queryAllByRole('radio')).toEqual([]);
    screen.getByText(
      'Ce voyageur n’a aucune carte qui puisse recevoir le titre : liez une carte que vous détenez. Ce réseau n’envoie pas de nouvelles cartes par courrier.',
    );
    screen.getByRole('button', { name: 'Lier une carte' });
    await user.click(addToCart());
    expect(added).toEqual([]);
    screen.getByText('Choisissez la carte qui reçoit le titre.');
  });

  it('where the network names no new-card product, a traveller with a card gets it, never a new one', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      catalogue: catalogueWithoutNewCard(),
      medias: cards,
    });
    const radios = await cardRadios();
    expect(labelsOf(radios)).toEqual([
      `Carte ${shown('2501 0000 1111 2222')}Valable jusqu’au 31 décembre 2030`,
    ]);
    await user.click(radios[0] as HTMLInputElement);
    await user.click(addToCart());
    expect(added).toMatchObject([{ mediaId: 41 }]);
    expect(added[0]).not.toHaveProperty('option');
  });

  it('a new card is made out to its traveller: without a birth date the page says where to give it and adds nothing', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ userBirthday: null, profiles: [{ ...ines, userBirthday: null }] }),
      medias: [],
    });
    const [newCard] = await cardRadios();
    expect(newCard?.checked).toBe(true);
    screen.getByText(
      /Une nouvelle carte est au nom de son titulaire : la date de naissance de Léa Martin est d’abord nécessaire\./,
    );
    expect(screen.getByRole('link', { name: 'Ajouter la date de naissance' }).getAttribute('href')).toBe(
      '/account',
    );
    await user.click(addToCart());
    expect(added).toEqual([]);
    // A traveller profile gives it on its own page.
    await user.click(screen.getByRole('radio', { name: 'Inès Martin' }));
    await cardRadios();
    expect(screen.getByRole('link', { name: 'Ajouter la date de naissance' }).getAttribute('href')).toBe(
      '/account/31',
    );
  });

  it('a new card on its way can receive the ticket: it is offered, said on its way', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: [medium({ id: 47, number: '9000111122223333', status: 'ORDERED' })],
    });
    const radios = await cardRadios();
    expect(labelsOf(radios)).toEqual([
      `Carte ${shown('9000 1111 2222 3333')}Nouvelle carte en route par courrier · Valable jusqu’au 31 décembre 2030`,
      NEW_CARD,
    ]);
    await user.click(radios[0] as HTMLInputElement);
    await user.click(addToCart());
    expect(added).toMatchObject([{ mediaId: 47 }]);
  });

  it('a link from the product page pairs the card with the traveller, then offers it chosen', async () => {
    const linked = medium({ id: 46, number: '2501000012341234', profileId: 31 });
    const { user, added, calls } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: [leasCard],
      handlers: {
        'Account/registerMedia.json': () => ({ ok: { media: linked, medias: [leasCard, linked] } }),
      },
    });
    await cardRadios();
    await user.click(screen.getByRole('radio', { name: 'Inès Martin' }));
    // Inès has no card: a new one is chosen.
    const [newCard] = await cardRadios();
    expect(newCard?.checked).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Lier une carte' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByRole('textbox', { name: /Numéro de carte/ }), '2501 0000 1234 1234');
    await user.type(dialog.getByLabelText(/Date de naissance du titulaire/), '2004-05-01');
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(payloadsAt(calls, 'Account/registerMedia.json')).toEqual([
      {
        mediaNumber: '2501000012341234',
        mediaCustomerBirthDate: '2004-05-01',
        lang: 'fr',
        userId: 31,
        networkId: 7,
      },
    ]);
    const radios = await cardRadios();
    expect(labelsOf(radios)[0]).toBe(
      `Carte ${shown('2501 0000 1234 1234')}Valable jusqu’au 31 décembre 2030`,
    );
    expect(radios[0]?.checked).toBe(true);
    await user.click(addToCart());
    expect(added).toMatchObject([{ item: items.single, profile: 31, delivery: 'PHYSICAL', mediaId: 46 }]);
    expect(added).toHaveLength(1);
  });

  it('no card is asked for a ticket on the app', async () => {
    const { user } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: cards,
    });
    await cardRadios();
    await user.click(screen.getByRole('radio', { name: /Sur votre téléphone/ }));
    expect(screen.queryByRole('radiogroup', { name: CARD_GROUP })).toBeNull();
  });

  it('where the network has the purchase tunnel, the page asks no card', async () => {
    const { user, added } = await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: cards,
      mediaTunnel: true,
    });
    expect(screen.queryByRole('radiogroup', { name: CARD_GROUP })).toBeNull();
    await user.click(addToCart());
    expect(added).toHaveLength(1);
    expect(added[0]?.mediaId).toBeUndefined();
  });

  it('in Arabic the card number keeps its groups left to right inside the right-to-left label', async () => {
    await openProduct(items.single.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      medias: [leasCard],
      locale: 'ar',
    });
    const group = await screen.findByRole('radiogroup', { name: 'البطاقة التي تستقبل التذكرة' });
    const [first] = within(group).getAllByRole('radio');
    expect(first?.closest('label')?.textContent).toContain(`البطاقة ${shown('2501 0000 1111 2222')}`);
    screen.getByRole('button', { name: 'ربط بطاقة' });
  });

  it('a guest choosing the card is told a new card is sent by post, and buys no creation product', async () => {
    const { user, added, calls } = await openProduct(items.carnet.shopItemId, { signedInAs: guestUser });
    screen.getByText(
      'Le titre est chargé sur une nouvelle carte, envoyée par courrier à l’adresse indiquée lors de la commande.',
    );
    expect(screen.queryByRole('radiogroup', { name: CARD_GROUP })).toBeNull();
    await user.click(addToCart());
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ delivery: 'PHYSICAL', profile: 90 });
    expect(payloadsAt(calls, 'Account/getMedias.json')).toEqual([]);
  });
});

describe('the documents a reduced fare asks for (decision 0033)', () => {
  /** Fills the student item's additional information, so only the documents stand in the way. */
  async function fillStudentFields(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByRole('textbox', { name: /Numéro étudiant/ }), 'A-1234');
    await user.selectOptions(screen.getByRole('combobox', { name: /Établissement/ }), 'IUT');
    await user.click(screen.getByRole('checkbox', { name: /J'atteste être inscrit/ }));
  }
  const documentsOf = (...documents: ReturnType<typeof fixtureDocument>[]) => ({
    'Document/getUserDocuments.json': () => ({ ok: { documents } }),
  });

  it('CHK-08 a refused document keeps the line out of the cart and says why; a valid one goes with the line', async () => {
    const refused = fixtureDocument({
      id: 601,
      status: 'REFUSED',
      starting_at: null,
      expires_at: null,
      refusal_reason: 'La carte est illisible',
    });
    const { user, added } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: documentsOf(refused),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    await within(step).findByText('Refusé');
    within(step).getByText('carte-etudiante.png a été refusé : La carte est illisible');
    within(step).getByText('Vous pourrez l’ajouter au panier une fois vos justificatifs acceptés.');
    await fillStudentFields(user);
    await user.click(addToCart());
    expect(added).toEqual([]);
    screen.getByText('Vos justificatifs pour ce produit ne sont pas encore valides.');
  });

  it('CHK-08 the line carries the traveller’s valid document', async () => {
    const { user, added } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: documentsOf(fixtureDocument({ id: 777 })),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    await within(step).findByText('Valide');
    await fillStudentFields(user);
    await user.click(addToCart());
    expect(added[0]?.documents).toEqual([777]);
  });

  it('DOC-05 after a FranceConnect sign-in, the page says above the upload that the imported details prove nothing here', async () => {
    await openProduct(items.student.shopItemId, {
      signedInAs: { ...franceConnectSignIn, profiles: [ines] },
      handlers: documentsOf(),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    const notice = await within(step).findByText(
      spaced(
        'Les informations reçues de FranceConnect ne justifient pas ce que ce produit demande\u202f: déposez ses justificatifs ci-dessous.',
      ),
    );
    const upload = within(step).getByRole('button', { name: /Déposer un justificatif/ });
    expect(notice.compareDocumentPosition(upload) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('DOC-05 says nothing of FranceConnect after a sign-in by email and password', async () => {
    await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ identities: [{ providerId: 2 }], profiles: [ines] }),
      handlers: documentsOf(),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    await within(step).findByText('Manquant');
    expect(within(step).queryByText(/FranceConnect/)).toBeNull();
  });

  it('DOC-05 says nothing of FranceConnect once the documents are valid: nothing is left to upload', async () => {
    await openProduct(items.student.shopItemId, {
      signedInAs: { ...franceConnectSignIn, profiles: [ines] },
      handlers: documentsOf(fixtureDocument({ id: 777 })),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    await within(step).findByText('Valide');
    expect(within(step).queryByText(/FranceConnect/)).toBeNull();
  });

  it('an upload shows its progress, then what the network did with the file', async () => {
    const uploads = fakeUploads();
    const refused = fixtureDocument({
      id: 601,
      status: 'REFUSED',
      starting_at: null,
      expires_at: null,
      refusal_reason: 'La carte est illisible',
    });
    const { user } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: documentsOf(refused),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    await within(step).findByText('Refusé');
    const input = step.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file field');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'nouvelle-carte.png', {
      type: 'image/png',
    });
    await user.upload(input, file);
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [sent] = uploads;
    if (!sent) throw new Error('nothing sent');
    expect(sent.path).toBe('paperwork/createDocument');
    expect(sent.fields).toMatchObject({ paperworkTypeId: String(refused.document_type_id) });
    expect((sent.fields.file as File).name).toBe('nouvelle-carte.png');
    sent.progress(0.4);
    const bar = await within(step).findByRole('progressbar', { name: /^Envoi en cours/ });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    sent.answer({
      ok: {
        upload_status: 'PENDING',
        document: fixtureDocument({
          id: 602,
          status: 'PENDING',
          file_name: 'nouvelle-carte.png',
          starting_at: null,
          expires_at: null,
        }),
      },
    });
    await within(step).findByText('nouvelle-carte.png est déposé.');
    await waitFor(() =>
      expect(within(step).queryByRole('progressbar', { name: /^Envoi en cours/ })).toBeNull(),
    );
  });

  it('a refused upload says the refusal in the language, next to the field, and takes the focus there', async () => {
    const uploads = fakeUploads();
    const { user } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: documentsOf(),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    const input = await waitFor(() => {
      const field = step.querySelector<HTMLInputElement>('input[type="file"]');
      if (!field) throw new Error('no file field yet');
      return field;
    });
    await user.upload(
      input,
      new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'carte.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]?.answer({ ko: { code: 'DOCUMENT_ENCRYPTED' }, status: 422 });
    const alert = await within(step).findByText(
      'Le PDF est protégé par un mot de passe : envoyez une copie non protégée.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert.closest('[role="alert"]')));
  });

  it('a file larger than the limit is not sent; its refusal is said next to the upload and takes the focus', async () => {
    const uploads = fakeUploads();
    await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: documentsOf(),
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    await within(step).findByRole('button', { name: 'Déposer un justificatif' });
    const picker = step.querySelector('input[type="file"]');
    if (!(picker instanceof HTMLInputElement)) throw new Error('no file input');
    const file = new File(['x'], 'carte.pdf', { type: 'application/pdf' });
    Object.defineProperty(file, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(picker, { target: { files: [file] } });
    const refusal = await within(step).findByText('Le fichier dépasse 10 Mo.');
    await waitFor(() => expect(refusal.closest('[tabindex]')).toBe(document.activeElement));
    expect(uploads).toEqual([]);
  });

  const registerLabel = 'Numéro d’étudiant inscrit sur la carte';
  /** The student pass's page, for a traveller without documents, on a network with these providers. */
  async function openWithProviders(...providers: Record<string, unknown>[]) {
    const uploads = fakeUploads();
    const { user } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: {
        ...documentsOf(),
        'Networks/getQualificationValidationConfiguration': () => ({
          ok: { validationDelayDays: 2, providers },
        }),
      },
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    return { uploads, user, step };
  }

  /** Picks a student card's photo in the step's file field. */
  async function uploadCard(user: ReturnType<typeof userEvent.setup>, step: HTMLElement) {
    const input = step.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file field');
    await user.upload(input, new File([new Uint8Array([0x89, 0x50])], 'carte.png', { type: 'image/png' }));
  }

  it('DOC-02 a student card sent with its number is checked by the network’s register: accepted at once', async () => {
    const { uploads, user, step } = await openWithProviders(
      { id: 1, name: 'Service des justificatifs', documentTypeIds: [2] },
      {
        id: 2,
        name: 'Registre étudiant',
        documentTypeIds: [1],
        inputLabel: { fr: registerLabel, en: 'Student number on the card' },
      },
    );
    const number = await within(step).findByRole('textbox', { name: registerLabel });
    within(step).getByText(
      'Facultatif. Vérifié par « \u2068Registre étudiant\u2069 », votre justificatif peut être accepté tout de suite.',
    );
    await user.type(number, ' LUM-ETU-2026-0001 ');
    await uploadCard(user, step);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]?.fields).toMatchObject({
      paperworkTypeId: '1',
      qualificationProviderId: '2',
      qualificationProviderInput: 'LUM-ETU-2026-0001',
    });
    uploads[0]?.answer({
      ok: {
        upload_status: 'VALID',
        document: fixtureDocument({ id: 650, status: 'VALIDATED', file_name: 'carte.png' }),
      },
    });
    await within(step).findByText('carte.png est accepté.');
  });

  it('DOC-02 where the provider asks nothing beside the file, no field is shown and the file alone goes to the network’s staff', async () => {
    const { uploads, user, step } = await openWithProviders({
      id: 1,
      name: 'Service des justificatifs',
      documentTypeIds: [1, 2],
    });
    await within(step).findByRole('button', { name: 'Déposer un justificatif' });
    expect(within(step).queryByRole('textbox')).toBeNull();
    await uploadCard(user, step);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(Object.keys(uploads[0]?.fields ?? {})).not.toContain('qualificationProviderId');
  });

  it('DOC-04 sends the uploaded documents for checking and says when an answer is expected; the add waits unless the network sells meanwhile', async () => {
    const uploaded = fixtureDocument({ id: 640, status: 'PENDING', starting_at: null, expires_at: null });
    const request = fixtureSubmission({
      item_id: items.student.shopItemId,
      documents: [{ ...uploaded, in_use: true }],
    });
    let sent: Record<string, unknown> | null = null;
    const { user, added, calls } = await openProduct(items.student.shopItemId, {
      signedInAs: fixtureUser({ profiles: [ines] }),
      handlers: {
        ...documentsOf(uploaded),
        'Document/getUserDocumentSubmissions.json': () => ({
          ok: { current: sent ? [{ ...request, user_id: Number(sent.userId) }] : [], past: [] },
        }),
        'Document/createDocumentsSubmission.json': (payload) => {
          sent = payload;
          return { ok: { submission: request } };
        },
      },
    });
    const step = await screen.findByRole('region', { name: 'Justificatifs' });
    within(step).getByText('Chaque justificatif est vérifié par le réseau sous 2 jours environ.');
    await within(step).findByText('Pas encore envoyé');
    await user.click(within(step).getByRole('button', { name: 'Envoyer pour vérification' }));
    await within(step).findByText(/Envoyé pour vérification : réponse attendue d’ici le 22 novembre 2026\./);
    expect(sent).toMatchObject({ item_id: items.student.shopItemId, document_ids: [640] });
    expect(payloadsAt(calls, 'Document/createDocumentsSubmission.json')).toHaveLength(1);
    await fillStudentFields(user);
    await user.click(addToCart());
    // The demo fixture's network does not sell while documents are checked.
    expect(added).toEqual([]);
  });
});
