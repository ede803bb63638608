import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import type { SubscriptionDetail, SubscriptionSummary } from '@transit-shop/sdk/contract/subscriptions';
import type { Locale } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.tsx';
import { isolatedLtr } from '../../../lib/saved-methods.ts';
import { openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { savedBankAccount, savedMethod } from '../../../test/fixtures/saved-methods.ts';
import { subscriptionDetail, subscriptionSummary } from '../../../test/fixtures/subscriptions.ts';
import { fixtureUser, type Handler } from '../../../test/session.ts';

/** A network that sells subscriptions, or not, in a language. */
function networkBootstrap(subscriptions: boolean, locale: Locale = 'fr') {
  const bootstrap = fixtureBootstrap({ locale, direction: locale === 'ar' ? 'rtl' : 'ltr' });
  bootstrap.network.configuration.has_subscriptions = subscriptions;
  return bootstrap;
}

function openTacit(
  path: string,
  options: { handlers?: Record<string, Handler>; heading?: string | RegExp; subscriptions?: boolean } = {},
) {
  const { locale } = { locale: (path.match(/^\/(en|ar|it|es)\//)?.[1] ?? 'fr') as Locale };
  return openAccountPage(path, {
    signedInAs: fixtureUser(),
    bootstrap: networkBootstrap(options.subscriptions ?? true, locale),
    heading: options.heading ?? 'Mes abonnements',
    handlers: options.handlers ?? {},
  });
}

const listed =
  (list: SubscriptionSummary[]): Handler =>
  () => ({ ok: { subscriptions: list } });
const detailed =
  (detail: SubscriptionDetail): Handler =>
  () => ({ ok: detail });

/** Text as read aloud: every run of spaces, no-break ones included, as one space. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The value beside a term of a list of terms. */
const termValue = (scope: HTMLElement, term: string) =>
  plain(
    within(scope)
      .getAllByRole('term')
      .find((element) => element.textContent === term)?.nextElementSibling?.textContent,
  );

const active = subscriptionSummary({
  paymentMethod: {
    id: 31,
    kind: 'CARD',
    label: '•••• •••• •••• 4242 · 12/30',
    expired: false,
    expiringSoon: true,
  },
});
const blocked = subscriptionSummary({
  id: 42,
  status: 'BLOCKED',
  blockedReason: 'METHOD_EXPIRED',
  label: 'Abonnement hebdomadaire',
  renewalInterval: 'P7D',
  beneficiary: { customerId: 31, firstName: 'Inès', lastName: 'Martin' },
  paymentMethod: {
    id: 34,
    kind: 'CARD',
    label: '•••• •••• •••• 1111 · 10/26',
    expired: true,
    expiringSoon: false,
  },
});
const terminated = subscriptionSummary({
  id: 40,
  status: 'TERMINATED',
  label: 'Abonnement annuel',
  validity: { kind: 'DAYS', from: '2026-10-01', to: '2026-10-31' },
  renewalDate: null,
  nextBilling: null,
  terminatedAt: '2026-10-12T18:30:00+02:00',
  terminationReason: 'CUSTOMER',
  endsOn: '2026-10-31',
});

const articleOf = (name: string) => screen.getByRole('article', { name });

describe('the subscriptions page', () => {
  it('SUB-01 SUB-02 SUB-03 PM-02 lists the running subscriptions (active, or blocked with why) before the terminated ones, each with its traveller, period paid, renewal, next charge and method', async () => {
    const { calls } = await openTacit('/account/tacit', {
      handlers: { 'Subscriptions/list': listed([active, terminated, blocked]) },
    });
    const running = await screen.findByRole('region', { name: 'En cours' });
    const ended = screen.getByRole('region', { name: 'Résiliés' });
    expect(running.compareDocumentPosition(ended) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(running)
        .getAllByRole('article')
        .map((article) => article.querySelector('h3')?.textContent),
    ).toEqual(['Abonnement mensuel', 'Abonnement hebdomadaire']);
    expect(within(ended).getAllByRole('article')).toHaveLength(1);

    const monthly = articleOf('Abonnement mensuel');
    expect(within(monthly).getByText('Actif')).toBeTruthy();
    expect(termValue(monthly, 'Voyageur')).toBe('Léa Martin');
    expect(termValue(monthly, 'Période payée')).toBe('1–31 décembre 2026');
    expect(termValue(monthly, 'Renouvelé le')).toBe('1 janvier 2027');
    expect(termValue(monthly, 'Prochain prélèvement')).toBe('62,00 € le 29 décembre 2026 à 06:00');
    expect(termValue(monthly, 'Moyen de paiement')).toBe(
      plain(`Carte ${isolatedLtr('•••• •••• •••• 4242 · 12/30')}Expire bientôt`),
    );
    // PM-02: expiring soon in the warning colour.
    expect(within(monthly).getByText('Expire bientôt').closest('.MuiChip-root')?.className).toMatch(
      /MuiChip-colorWarning/,
    );
    const manage = within(monthly).getByRole('link', { name: 'Gérer Abonnement mensuel' });
    expect(manage.getAttribute('href')).toBe('/account/tacit/41');

    // SUB-03: blocked, and why; its expired card marked in the error colour (PM-02).
    const weekly = articleOf('Abonnement hebdomadaire');
    expect(within(weekly).getByText('Bloqué')).toBeTruthy();
    expect(within(weekly).getByText('La carte prélevée a expiré.')).toBeTruthy();
    expect(termValue(weekly, 'Voyageur')).toBe('Inès Martin');
    expect(within(weekly).getByText('A expiré').closest('.MuiChip-root')?.className).toMatch(
      /MuiChip-colorError/,
    );

    // SUB-02: terminated, until when it stays valid, nothing more charged.
    const yearly = articleOf('Abonnement annuel');
    expect(within(yearly).getByText('Résilié')).toBeTruthy();
    expect(termValue(yearly, 'Valable jusqu’au')).toBe('31 octobre 2026');
    expect(within(yearly).queryByText('Prochain prélèvement')).toBeNull();
    expect(within(yearly).queryByText('Renouvelé le')).toBeNull();

    expect(calls.find((call) => call.path === 'Subscriptions/list')).toMatchObject({
      method: 'GET',
      signed: true,
      payload: { userToken: 'token-7', network_id: '7' },
    });
  });

  it('SUB-02 without any subscription the page says how one starts, with the way to the shop', async () => {
    await openTacit('/account/tacit', { handlers: { 'Subscriptions/list': listed([]) } });
    await screen.findByText(/Vous n’avez aucun abonnement/);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('link', { name: 'Aller à la boutique' }).getAttribute('href')).toBe('/');
  });

  it('SUB-02 in Arabic the list reads right to left, its dates and amounts written for Arabic', async () => {
    await openTacit('/ar/account/tacit', {
      heading: 'اشتراكاتي',
      handlers: { 'Subscriptions/list': listed([active]) },
    });
    const article = await screen.findByRole('article', { name: 'Abonnement mensuel' });
    expect(article.className).toMatch(/\bmui-rtl-/);
    const date = new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date('2027-01-01T00:00:00Z'),
    );
    expect(termValue(article, 'تاريخ التجديد')).toBe(plain(date));
    expect(within(article).getByText('نشط')).toBeTruthy();
  });

  it('the account page links to the subscriptions where the network sells them, and only there', async () => {
    const withThem = await openTacit('/account', { heading: 'Mon compte' });
    expect(screen.getByRole('link', { name: 'Mes abonnements' }).getAttribute('href')).toBe('/account/tacit');
    withThem.unmount();
    await openTacit('/account', { heading: 'Mon compte', subscriptions: false });
    expect(screen.queryByRole('link', { name: 'Mes abonnements' })).toBeNull();
  });

  it('on a network without subscriptions their pages are not found', async () => {
    const { calls } = await openTacit('/account/tacit', {
      subscriptions: false,
      heading: '404 · Page introuvable',
    });
    expect(calls.some((call) => call.path.startsWith('Subscriptions/'))).toBe(false);
  });
});

describe('a subscription’s page', () => {
  it('SUB-01 shows the traveller, product, delivery and card number, start, period paid, renewal, next charge and method, then the periods latest first with each payment tried', async () => {
    const { calls } = await openTacit('/account/tacit/41', {
      heading: 'Abonnement mensuel',
      handlers: { 'Subscriptions/get': detailed(subscriptionDetail()) },
    });
    const details = screen.getByRole('region', { name: 'Détails' });
    expect(termValue(details, 'Voyageur')).toBe('Léa Martin');
    expect(termValue(details, 'Titre')).toBe('Abonnement mensuel');
    expect(termValue(details, 'Support')).toBe(
      plain(`Sur la carte de transport ${isolatedLtr('2501 0000 0000 0004')}`),
    );
    expect(termValue(details, 'Renouvellement')).toBe('Automatique, chaque mois');
    expect(termValue(details, 'Débuté le')).toBe('1 octobre 2026');
    expect(termValue(details, 'Période payée')).toBe('1–31 décembre 2026');
    expect(termValue(details, 'Renouvelé le')).toBe('1 janvier 2027');
    expect(termValue(details, 'Prochain prélèvement')).toBe('62,00 € le 29 décembre 2026 à 06:00');
    expect(termValue(details, 'Moyen de paiement')).toBe(
      plain(`Carte ${isolatedLtr('•••• •••• •••• 4242 · 12/30')}`),
    );

    const history = screen.getByRole('region', { name: 'Périodes et paiements' });
    expect(
      within(history)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => plain(heading.textContent)),
    ).toEqual([
      'Renouvellement : 1–31 décembre 2026',
      'Renouvellement : 1–30 novembre 2026',
      'Première période : 1–31 octobre 2026',
    ]);
    const december = within(history).getByRole('table', { name: 'Paiements pour 1–31 décembre 2026' });
    const rows = within(december)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => plain(cell.textContent)),
      );
    expect(rows).toEqual([
      [
        '28 novembre 2026 à 06:00',
        '62,00 €',
        'RefuséLes fonds étaient insuffisants.',
        plain(isolatedLtr('•••• •••• •••• 4242 · 12/30')),
      ],
      ['29 novembre 2026 à 06:00', '62,00 €', 'Payé', plain(isolatedLtr('•••• •••• •••• 4242 · 12/30'))],
    ]);
    expect(payloadsAt(calls, 'Subscriptions/get')).toEqual([{ subscriptionId: '41', network_id: '7' }]);
  });

  it('SUB-05 a subscription that is not the customer’s, or no subscription at all, says it cannot be found', async () => {
    const view = await openTacit('/account/tacit/99', {
      heading: 'Abonnement',
      handlers: {
        'Subscriptions/get': () => ({ ko: { code: 'SUBSCRIPTION_NOT_FOUND' }, status: 404 }),
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Cet abonnement est introuvable.');
    expect(payloadsAt(view.calls, 'Subscriptions/get')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Retour à mes abonnements' }).getAttribute('href')).toBe(
      '/account/tacit',
    );
    view.unmount();

    const { calls } = await openTacit('/account/tacit/not-an-id', { heading: 'Abonnement' });
    expect((await screen.findByRole('alert')).textContent).toBe('Cet abonnement est introuvable.');
    expect(payloadsAt(calls, 'Subscriptions/get')).toEqual([]);
  });

  it('terminating states the consequences first: keeping it sends nothing; confirming terminates it, and the page says until when it stays valid', async () => {
    const user = userEvent.setup();
    const running = subscriptionDetail({ termination: { endsOn: '2026-12-31', renewalUnderWay: true } });
    const after = subscriptionDetail({
      status: 'TERMINATED',
      renewalDate: null,
      nextBilling: null,
      terminatedAt: '2026-12-10T12:00:00+01:00',
      terminationReason: 'CUSTOMER',
      endsOn: '2026-12-31',
      termination: null,
    });
    const { calls } = await openTacit('/account/tacit/41', {
      heading: 'Abonnement mensuel',
      handlers: {
        'Subscriptions/get': detailed(running),
        'Subscriptions/terminate': detailed(after),
      },
    });
    // The list read before is read again after the change.
    queryClient.setQueryData(['subscriptions', 7], [subscriptionSummary()]);

    await user.click(screen.getByRole('button', { name: 'Résilier l’abonnement' }));
    const dialog = screen.getByRole('dialog', { name: 'Résilier cet abonnement\u202f?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => plain(item.textContent)),
    ).toEqual([
      'Plus rien ne sera prélevé pour lui.',
      'Abonnement mensuel reste valable jusqu’au 31 décembre 2026, dernier jour payé.',
      plain(
        'Un renouvellement est déjà en cours de prélèvement : il se termine, et la période qu’il paie reste valable.',
      ),
      plain('C’est définitif : pour voyager ensuite, rachetez le titre.'),
    ]);
    // Keeping it is the first choice the keyboard meets.
    const keep = within(dialog).getByRole('button', { name: 'Garder l’abonnement' });
    expect(document.activeElement).toBe(keep);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Subscriptions/terminate')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Résilier l’abonnement' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Résilier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Subscriptions/terminate')).toEqual([{ subscriptionId: 41, network_id: 7 }]);
    expect(calls.find((call) => call.path === 'Subscriptions/terminate')).toMatchObject({
      method: 'POST',
      signed: true,
    });
    const status = screen.getByRole('status');
    expect(plain(status.textContent)).toBe(
      'L’abonnement est résilié. Abonnement mensuel reste valable jusqu’au 31 décembre 2026.',
    );
    // The button pressed is gone: the keyboard goes on from the message.
    expect(status.parentElement?.contains(document.activeElement)).toBe(true);
    expect(screen.getByText('Résilié')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Résilier l’abonnement' })).toBeNull();
    // Terminated, it renews no more: nothing is said of renewals.
    expect(within(screen.getByRole('region', { name: 'Détails' })).queryByText('Renouvellement')).toBeNull();
    expect(queryClient.getQueryState(['subscriptions', 7])?.isInvalidated).toBe(true);
  });

  it('PM-02 changing the method lists the saved ones, expired ones marked and disabled, and charges the subscription to the one chosen', async () => {
    const user = userEvent.setup();
    const visa = savedMethod({ usedForSubscriptions: true, locked: true });
    const expired = savedMethod({
      id: 34,
      label: '•••• •••• •••• 1111 · 10/26',
      last4: '1111',
      expired: true,
      isBookmarked: false,
    });
    const account: SavedPaymentMethodAnswer = savedBankAccount;
    const moved = subscriptionDetail({
      paymentMethod: {
        id: 33,
        kind: 'TRANSFER',
        label: 'IBAN •••• 0189',
        expired: false,
        expiringSoon: false,
      },
    });
    const { calls } = await openTacit('/account/tacit/41', {
      heading: 'Abonnement mensuel',
      handlers: {
        'Subscriptions/get': detailed(subscriptionDetail()),
        'Account/getCards.json': () => ({ ok: { cards: [visa, expired, account] } }),
        'Subscriptions/updateCard': detailed(moved),
      },
    });
    queryClient.setQueryData(['wallet', 'user:7:7', 'fr'], { tickets: [] });

    await user.click(screen.getByRole('button', { name: 'Changer de moyen de paiement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Changer de moyen de paiement' });
    expect(
      within(dialog).getByText('Les prochains renouvellements sont prélevés sur le moyen choisi.'),
    ).toBeTruthy();
    const group = await within(dialog).findByRole('radiogroup', {
      name: 'Vos moyens de paiement enregistrés',
    });
    const current = within(group).getByRole('radio', { name: /4242/ });
    expect(current).toHaveProperty('disabled', false);
    expect(within(group).getByText('Moyen actuel')).toBeTruthy();
    const old = within(group).getByRole('radio', { name: /1111/ });
    expect(old).toHaveProperty('disabled', true);
    expect(plain(old.closest('label')?.textContent)).toContain('A expiré : il ne peut pas être prélevé.');
    const confirm = within(dialog).getByRole('button', { name: 'Prélever sur ce moyen' });
    expect(confirm).toHaveProperty('disabled', true);

    await user.click(within(group).getByRole('radio', { name: /0189/ }));
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Subscriptions/updateCard')).toEqual([
      { subscriptionId: 41, cardId: 33, network_id: 7 },
    ]);
    expect(plain(screen.getByRole('status').textContent)).toBe(
      plain(`L’abonnement est désormais prélevé sur ${isolatedLtr('IBAN •••• 0189')}.`),
    );
    expect(termValue(screen.getByRole('region', { name: 'Détails' }), 'Moyen de paiement')).toBe(
      plain(`Prélèvement SEPA ${isolatedLtr('IBAN •••• 0189')}`),
    );
    // The saved methods (their lock) and the tickets a charge may bring are read again.
    await waitFor(() => expect(payloadsAt(calls, 'Account/getCards.json')).toHaveLength(2));
    expect(queryClient.getQueryState(['wallet', 'user:7:7', 'fr'])?.isInvalidated).toBe(true);
  });

  it('SUB-03 a blocked subscription says why and that what is due is charged at once; a method chosen starts it again', async () => {
    const user = userEvent.setup();
    const stuck = subscriptionDetail({
      status: 'BLOCKED',
      blockedReason: 'PAYMENT_REFUSED',
      nextBilling: { at: '2026-12-01T06:00:00+01:00', amount: 6200, currency: 'EUR' },
    });
    const { calls } = await openTacit('/account/tacit/41', {
      heading: 'Abonnement mensuel',
      handlers: {
        'Subscriptions/get': detailed(stuck),
        'Account/getCards.json': () => ({ ok: { cards: [savedMethod({}), savedBankAccount] } }),
        'Subscriptions/updateCard': detailed(subscriptionDetail()),
      },
    });
    const notice = screen.getByText('Cet abonnement est bloqué').closest('.MuiAlert-root') as HTMLElement;
    expect(plain(notice.textContent)).toContain(
      plain(
        'Le paiement du dernier renouvellement a été refusé à chaque tentative. Choisissez un autre moyen de paiement : ce qui est dû (62,00 €) y est prélevé aussitôt et l’abonnement reprend.',
      ),
    );
    await user.click(within(notice).getByRole('button', { name: 'Choisir un moyen de paiement' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(within(dialog).getByText(/Ce qui est dû/).textContent)).toBe(
      plain('Ce qui est dû (62,00 €) est prélevé aussitôt sur le moyen choisi, et l’abonnement reprend.'),
    );
    await user.click(await within(dialog).findByRole('radio', { name: /0189/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Prélever sur ce moyen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Subscriptions/updateCard')).toEqual([
      { subscriptionId: 41, cardId: 33, network_id: 7 },
    ]);
    expect(plain(screen.getByRole('status').textContent)).toBe(
      plain(
        `L’abonnement est de nouveau actif : ce qui était dû est prélevé sur ${isolatedLtr('IBAN •••• 0189')}, comme les prochains renouvellements.`,
      ),
    );
    expect(screen.queryByText('Cet abonnement est bloqué')).toBeNull();
  });

  it('a refused change is said in the dialog, which stays open', async () => {
    const user = userEvent.setup();
    await openTacit('/account/tacit/41', {
      heading: 'Abonnement mensuel',
      handlers: {
        'Subscriptions/get': detailed(subscriptionDetail()),
        'Account/getCards.json': () => ({ ok: { cards: [savedMethod({}), savedBankAccount] } }),
        'Subscriptions/updateCard': () => ({ ko: { code: 'SUBSCRIPTION_METHOD_NOT_USABLE' }, status: 409 }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Changer de moyen de paiement' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('radio', { name: /0189/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Prélever sur ce moyen' }));
    expect(plain((await within(dialog).findByRole('alert')).textContent)).toBe(
      plain('Ce moyen de paiement ne peut pas servir à l’abonnement : il a expiré ou a été supprimé.'),
    );
  });
});

describe('the old addresses of the subscriptions', () => {
  it('ROUTE-12 /subscriptions and /account/subscriptions lead to /account/tacit in their language, in place of the old address', async () => {
    const english = await openTacit('/en/subscriptions', {
      heading: 'My subscriptions',
      handlers: { 'Subscriptions/list': listed([]) },
    });
    expect(english.router.state.location.pathname).toBe('/en/account/tacit');
    // Replaced: Back does not lead to the old address, which would send forward again.
    expect(english.router.state.historyAction).toBe('REPLACE');
    english.unmount();

    const french = await openTacit('/account/subscriptions', {
      handlers: { 'Subscriptions/list': listed([]) },
    });
    expect(french.router.state.location.pathname).toBe('/account/tacit');
    expect(french.router.state.historyAction).toBe('REPLACE');
  });

  it('ROUTE-12 on a network without subscriptions they show the not-found page', async () => {
    const { router, calls } = await openTacit('/subscriptions', {
      subscriptions: false,
      heading: '404 · Page introuvable',
    });
    expect(router.state.location.pathname).toBe('/subscriptions');
    await router.navigate('/account/subscriptions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/subscriptions'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404 · Page introuvable');
    expect(calls.some((call) => call.path.startsWith('Subscriptions/'))).toBe(false);
  });
});
