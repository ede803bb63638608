import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shopItem } from '@transit-shop/flows/cart/cart-test-items';
import { CHECKOUT_STORAGE_KEY } from '@transit-shop/flows/checkout/checkout.machine';
import { CATALOGUE_TAGS } from '@transit-shop/sdk/contract/catalogue';
import { describe, expect, it, vi } from 'vitest';
import { providerPage } from '../../../lib/provider-page.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { calledPaths, fixtureUser, type Handler } from '../../../test/session.ts';
import {
  type CheckoutLine,
  fakeComputeAmount,
  ORDER_REFERENCE,
  openCheckout,
} from '../test/checkout-session.ts';

const ticket = shopItem({ name: 'Ticket unitaire', shopItemPrice: 200 });
const pass = shopItem({
  name: 'Pass mensuel',
  shopItemPrice: 4500,
  paymentOptions: { installments: [1, 3], paymentMethods: ['CARD', 'TRANSFER'] },
});
const collectPass = shopItem({
  name: 'Carte retirée en agence',
  shopItemPrice: 1200,
  tags: CATALOGUE_TAGS.collect,
});
const cardOnlyForGuests = shopItem({
  name: 'Ticket carte',
  shopItemPrice: 300,
  tags: CATALOGUE_TAGS.guestCardOnly,
});

const newCardProduct = shopItem({
  name: 'Carte de transport',
  shopItemPrice: 500,
  tags: CATALOGUE_TAGS.physicalPass,
});

const appLine = (item = ticket): CheckoutLine => ({ item, delivery: 'DEMATERIALIZED' });
const newCardLine = (item = ticket): CheckoutLine => ({ item, delivery: 'PHYSICAL' });

const main = async () => within(await screen.findByRole('main'));
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

const customer = fixtureUser({ userId: 7, userBirthday: '1990-04-01' });

const placed =
  (orderId = 501, redirectUrl: string | null = 'http://127.0.0.1:8310/pay/chk_1'): Handler =>
  () => ({
    ok: {
      user: customer,
      orderId,
      networkId: 7,
      status: 'PENDING',
      totalAmount: 200,
      currency: 'EUR',
      redirectUrl,
      orderReference: ORDER_REFERENCE,
    },
  });

/** No field where a card number or an IBAN could be typed. */
function expectNoPaymentDataInputs() {
  const inputs = [...document.querySelectorAll('input, textarea')];
  for (const input of inputs) {
    expect(input.getAttribute('autocomplete') ?? '').not.toMatch(/^cc-/);
    expect(`${input.getAttribute('name') ?? ''} ${input.id}`.toLowerCase()).not.toMatch(
      /iban|card-?number|cc/,
    );
  }
  expect(screen.queryByLabelText(/IBAN|numéro de carte|card number/i)).toBeNull();
}

describe('the customer info step', () => {
  it('CHK-01 ROUTE-04 a visitor sent to /cart/checkout lands on invite-login with guest, log in and sign up', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({ lines: [appLine()] });
    await heading('Identification');
    expect(router.state.location.pathname).toBe('/cart/invite-login');
    const page = await main();
    expect(page.getByRole('button', { name: 'Se connecter' })).toBeTruthy();
    expect(page.getByRole('button', { name: 'Créer un compte' })).toBeTruthy();
    expectNoPaymentDataInputs();
    await user.click(page.getByRole('button', { name: 'Continuer sans compte' }));
    await heading('E-mail de facturation');
    expect(router.state.location.pathname).toBe('/cart/invoice-email');
  });

  it('CHK-01 log in and sign up open the auth pages with a redirect back to the checkout', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({ path: '/en/cart/invite-login', lines: [appLine()] });
    await user.click((await main()).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/auth/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/en/cart/checkout');
  });

  it('CHK-01 sign up opens the registration page with a redirect back to the checkout', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({ path: '/cart/invite-login', lines: [appLine()] });
    await user.click((await main()).getByRole('button', { name: 'Créer un compte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/cart/checkout');
  });

  it('NET-03 a network without guest orders keeps the guest button off and says why', async () => {
    await openCheckout({ lines: [appLine()], configuration: { has_guest_orders: 0 } });
    await heading('Identification');
    const guest = (await main()).getByRole('button', { name: 'Continuer sans compte' });
    expect(guest).toHaveProperty('disabled', true);
    expect(screen.getByText(/Ce réseau n'accepte pas les commandes sans compte/)).toBeTruthy();
  });

  it('CHK-02 above the guest maximum the amounts are shown and log in or sign up is asked', async () => {
    await openCheckout({ lines: [{ ...appLine(), quantity: 3 }], guestMaxOrderAmount: 500 });
    await heading('Identification');
    expect((await main()).getByRole('button', { name: 'Continuer sans compte' })).toHaveProperty(
      'disabled',
      true,
    );
    const text = screen.getByText(/une commande ne peut pas dépasser/).textContent?.replace(/\s/g, ' ');
    expect(text).toContain('5,00 €');
    expect(text).toContain('6,00 €');
  });

  it('CHK-03 an item a guest gets on a card only, chosen on the app, needs an account', async () => {
    await openCheckout({ lines: [appLine(cardOnlyForGuests)] });
    await heading('Identification');
    expect((await main()).getByRole('button', { name: 'Continuer sans compte' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('Ce support n’est pas proposé pour ce produit.'.replace('’', "'"))).toBeTruthy();
  });

  it('CHK-04 an unverified account is told to verify it first', async () => {
    await openCheckout({
      lines: [appLine()],
      signedInAs: fixtureUser({ userBirthday: '1990-04-01', verifiedAt: null }),
    });
    await heading('Identification');
    expect(screen.getByText(/Vérifiez votre compte/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Vérifier mon compte' })).toBeTruthy();
  });

  it('a direct visit of another step is sent to the step the checkout is at', async () => {
    const { router } = await openCheckout({ path: '/cart/collect', lines: [appLine()] });
    await heading('Identification');
    expect(router.state.location.pathname).toBe('/cart/invite-login');
  });
});

describe('the guest invoice email and the shipping address', () => {
  it('CHK-07 VAL-06 the guest invoice email is checked on its field (required, then an address), then the next step opens', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({ path: '/cart/invite-login', lines: [newCardLine()] });
    await user.click((await main()).getByRole('button', { name: 'Continuer sans compte' }));
    const field = await screen.findByLabelText(/Adresse e-mail/);
    const description = () => document.getElementById(field.getAttribute('aria-describedby') ?? '');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(description()?.textContent).toBe('Ce champ est obligatoire.');
    await user.type(field, 'ada-at-example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(description()?.textContent).toBe("L'adresse e-mail doit contenir un @."));
    expect(router.state.location.pathname).toBe('/cart/invoice-email');
    await user.clear(field);
    await user.type(field, 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Adresse de livraison');
    expect(router.state.location.pathname).toBe('/cart/shipping-address');
    expectNoPaymentDataInputs();
  });

  it('the invoice email error goes as soon as an address is typed, and comes back if it is emptied before the next submit', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({ path: '/cart/invite-login', lines: [newCardLine()] });
    await user.click((await main()).getByRole('button', { name: 'Continuer sans compte' }));
    const field = await screen.findByLabelText(/Adresse e-mail/);
    const description = () => document.getElementById(field.getAttribute('aria-describedby') ?? '');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    await user.type(field, 'ada@');
    expect(description()?.textContent).toBe("L'adresse e-mail doit contenir un @.");
    await user.type(field, 'example.org');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(description()?.textContent).toBe('Exemple : nom@exemple.fr');
    await user.clear(field);
    expect(description()?.textContent).toBe('Ce champ est obligatoire.');
    expect(router.state.location.pathname).toBe('/cart/invoice-email');
  });

  it('a missing part of the shipping address is no longer marked once it is filled', async () => {
    const user = userEvent.setup();
    await openCheckout({ path: '/cart/shipping-address', lines: [newCardLine()], signedInAs: customer });
    await heading('Adresse de livraison');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const city = screen.getByLabelText(/Ville/);
    await waitFor(() => expect(city.getAttribute('aria-invalid')).toBe('true'));
    await user.click(city);
    await user.paste('Lyon');
    expect(city.getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText(/Code postal/).getAttribute('aria-invalid')).toBe('true');
  });

  it('CHK-07 a guest goes back from the shipping address to the invoice email, kept, and corrects it', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({ path: '/cart/invite-login', lines: [newCardLine()] });
    await user.click((await main()).getByRole('button', { name: 'Continuer sans compte' }));
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'ada@exemple.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Adresse de livraison');
    await user.click((await main()).getByRole('button', { name: 'Retour' }));
    await heading('E-mail de facturation');
    expect(router.state.location.pathname).toBe('/cart/invoice-email');
    const field = screen.getByLabelText(/Adresse e-mail/);
    expect(field).toHaveProperty('value', 'ada@exemple.org');
    await user.clear(field);
    await user.type(field, 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Adresse de livraison');
  });

  it('the shipping address typed but not submitted is still there after going back and returning', async () => {
    const user = userEvent.setup();
    await openCheckout({ path: '/cart/invite-login', lines: [newCardLine()] });
    await user.click((await main()).getByRole('button', { name: 'Continuer sans compte' }));
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Adresse de livraison');
    await user.type(screen.getByLabelText(/Nom et prénom du destinataire/), 'Léa Martin');
    await user.click(screen.getByLabelText(/Ville/));
    await user.paste('Lyon');
    await user.click((await main()).getByRole('button', { name: 'Retour' }));
    await heading('E-mail de facturation');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Adresse de livraison');
    expect(screen.getByLabelText(/Nom et prénom du destinataire/)).toHaveProperty('value', 'Léa Martin');
    expect(screen.getByLabelText(/Ville/)).toHaveProperty('value', 'Lyon');
    expect(screen.getByLabelText(/Code postal/)).toHaveProperty('value', '');
    // Nothing was submitted: no field is marked missing yet.
    expect(screen.getByLabelText(/Code postal/).getAttribute('aria-invalid')).toBe('false');
  });

  it('CHK-01 a signed-in customer, who skipped customer info, goes back from the shipping address to the cart', async () => {
    await openCheckout({ path: '/cart/shipping-address', lines: [newCardLine()], signedInAs: customer });
    await heading('Adresse de livraison');
    const page = await main();
    expect(page.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/cart');
    expect(page.queryByRole('button', { name: 'Retour' })).toBeNull();
  });

  it('ACC-02 the shipping address goes on only with the name and all four address parts', async () => {
    const user = userEvent.setup();
    const { router } = await openCheckout({
      path: '/cart/shipping-address',
      lines: [newCardLine()],
      signedInAs: customer,
    });
    await heading('Adresse de livraison');
    // Pasted, one input event a field: typing the address a key at a time would test nothing more.
    const fill = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await fill(/Nom et prénom du destinataire/, 'Léa Martin');
    await fill(/Adresse \(numéro et rue\)/, '12 rue des Lilas');
    await fill(/Code postal/, '69001');
    await fill(/Ville/, 'Lyon');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const state = screen.getByLabelText(/Région/);
    await waitFor(() => expect(state.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText(/Ville/).getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByText('Tous les champs obligatoires ne sont pas remplis.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cart/shipping-address');
    await fill(/Région/, 'Rhône');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Paiement');
    expect(router.state.location.pathname).toBe('/cart/checkout');
  });
});

describe('click and collect', () => {
  const sites: Handler = () => ({
    ok: [
      {
        id: 31,
        index: 1,
        name: 'Agence Bellecour',
        address: {
          addressRoute: '2 place Bellecour',
          addressPostalCode: '69002',
          addressCity: 'Lyon',
          addressState: '',
        },
        openingHours: 'Lun–ven 9 h – 18 h',
      },
      {
        id: 32,
        index: 2,
        name: 'Agence Part-Dieu',
        address: {
          addressRoute: '5 rue Servient',
          addressPostalCode: '69003',
          addressCity: 'Lyon',
          addressState: '',
        },
      },
    ],
  });
  /** A half-hour slot of five places. */
  const slot = (start: string, remaining: number) => ({
    start,
    end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
    capacity: 5,
    remaining,
  });
  /** Collect/getSlots.json answering these slots for any site, in Paris time. */
  const slotsAnswer =
    (...list: ReturnType<typeof slot>[]): Handler =>
    (payload) => ({
      ok: {
        siteId: Number(payload.siteId),
        timeZone: 'Europe/Paris',
        slotMinutes: 30,
        earliestStart: '2026-11-26T08:00:00.000Z',
        slots: list,
      },
    });
  const slots = slotsAnswer(slot('2026-11-26T08:00:00.000Z', 0), slot('2026-11-26T08:30:00.000Z', 3));

  it('CHK-05 CHK-06 an agency, then its slots with the places left; a full one cannot be chosen', async () => {
    const user = userEvent.setup();
    const { router, calls } = await openCheckout({
      path: '/cart/collect',
      lines: [newCardLine(collectPass)],
      signedInAs: customer,
      handlers: { 'Networks/collectSites': sites, 'Collect/getSlots.json': slots },
    });
    await heading('Retrait en agence');
    expect(
      screen.getByText('Vos titres sont disponibles en agence 48 à 72 heures après la commande.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText("Choisissez l'agence où retirer votre commande.")).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: /Agence Part-Dieu/ }));
    const free = await screen.findByRole('radio', { name: /09:30 – 10:00.*Places restantes : 3/ });
    expect(screen.getByRole('radio', { name: /09:00 – 09:30.*Complet/ })).toHaveProperty('disabled', true);
    expect(calls.find((call) => call.path === 'Collect/getSlots.json')?.payload).toMatchObject({
      siteId: '32',
    });
    await user.click(free);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Paiement');
    expect(router.state.location.pathname).toBe('/cart/checkout');
    expectNoPaymentDataInputs();
  });

  it('CHK-05 an agency chosen without a slot: Continue says the slot is missing', async () => {
    const user = userEvent.setup();
    await openCheckout({
      path: '/cart/collect',
      lines: [newCardLine(collectPass)],
      signedInAs: customer,
      handlers: { 'Networks/collectSites': sites, 'Collect/getSlots.json': slots },
    });
    await user.click(await screen.findByRole('radio', { name: /Agence Part-Dieu/ }));
    await screen.findByRole('radio', { name: /09:30 – 10:00/ });
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText("Choisissez un créneau de retrait dans l'agence choisie.")).toBeTruthy();
    expect(screen.queryByText("Choisissez l'agence où retirer votre commande.")).toBeNull();
    // A customer has no checkout step before this one: the way back leads to the cart.
    expect(screen.getByRole('link', { name: 'Retour au panier' }).getAttribute('href')).toBe('/cart');
  });

  it('CHK-05 a day among those with free slots first, then only the slots of that day', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const { router, calls } = await openCheckout({
      path: '/cart/collect',
      lines: [newCardLine(collectPass)],
      signedInAs: customer,
      handlers: {
        'Order/placeOrder.json': placed(),
        'Networks/collectSites': sites,
        'Collect/getSlots.json': slotsAnswer(
          slot('2026-11-26T08:00:00.000Z', 0),
          slot('2026-11-26T08:30:00.000Z', 3),
          // 23:30 UTC is already Friday in Paris: the day is the network's.
          slot('2026-11-26T23:30:00.000Z', 2),
          slot('2026-11-27T13:00:00.000Z', 4),
          // A day whose slots are all full is not offered.
          slot('2026-11-28T08:00:00.000Z', 0),
        ),
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Agence Part-Dieu/ }));
    const days = await screen.findByRole('group', { name: 'Jour de retrait' });
    expect(
      within(days)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['jeu. 26 nov.', 'ven. 27 nov.']);
    // The first day is shown: its slots only, the full one among them.
    const thursday = within(days).getByRole('button', { name: 'jeu. 26 nov.' });
    expect(thursday.getAttribute('aria-pressed')).toBe('true');
    const slots = () => screen.getByRole('radiogroup', { name: /Créneau de retrait/ });
    expect(
      screen.getByRole('radiogroup', { name: 'Créneau de retrait jeudi 26 novembre 2026' }),
    ).toBeTruthy();
    expect(
      within(slots())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['2026-11-26T08:00:00.000Z', '2026-11-26T08:30:00.000Z']);
    expect(within(slots()).getByRole('radio', { name: /09:00 – 09:30.*Complet/ })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(within(days).getByRole('button', { name: 'ven. 27 nov.' }));
    expect(thursday.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('heading', { name: 'vendredi 27 novembre 2026' })).toBeTruthy();
    expect(
      within(slots())
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['2026-11-26T23:30:00.000Z', '2026-11-27T13:00:00.000Z']);
    await user.click(within(slots()).getByRole('radio', { name: /14:00 – 14:30.*Places restantes : 4/ }));
    expect(within(slots()).getByRole('radio', { name: /14:00 – 14:30/ })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Paiement');
    expect(router.state.location.pathname).toBe('/cart/checkout');
    // The order is for the agency and the slot chosen.
    await screen.findByText('Coût total');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(calls.find((call) => call.path === 'Order/placeOrder.json')?.payload).toMatchObject({
      delivery: { mode: 'COLLECT', siteId: 32, slotStart: '2026-11-27T13:00:00.000Z' },
    });
  });

  it('CHK-05 slots that could not be loaded are loaded again from the slot section', async () => {
    const user = userEvent.setup();
    let asked = 0;
    const { router } = await openCheckout({
      path: '/cart/collect',
      lines: [newCardLine(collectPass)],
      signedInAs: customer,
      handlers: {
        'Networks/collectSites': sites,
        'Collect/getSlots.json': (payload) => {
          asked += 1;
          return asked === 1 ? { ko: { code: 'ERR_RESPONSE_ERROR' }, status: 503 } : slots(payload);
        },
      },
    });
    await user.click(await screen.findByRole('radio', { name: /Agence Bellecour/ }));
    expect(await screen.findByText("Les créneaux de cette agence n'ont pas pu être chargés.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Charger à nouveau' }));
    const free = await screen.findByRole('radio', { name: /09:30 – 10:00.*Places restantes : 3/ });
    expect(asked).toBe(2);
    expect(screen.queryByText("Les créneaux de cette agence n'ont pas pu être chargés.")).toBeNull();
    await user.click(free);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Paiement');
    expect(router.state.location.pathname).toBe('/cart/checkout');
  });
});

describe('the payment step', () => {
  it('PAY-01 PAY-02 the instalments and methods offered, and each debit with its date and the total before paying', async () => {
    const user = userEvent.setup();
    await openCheckout({
      lines: [appLine(pass)],
      signedInAs: customer,
      configuration: { multiple_payment_installments: [1, 3], payment: { transfer_enabled: true } },
    });
    await heading('Paiement');
    expect(await screen.findByText('Coût total')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Carte bancaire' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Prélèvement SEPA' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'En 3 fois' }));
    await waitFor(() => expect(screen.getByText('Échéance 3, 23 janvier 2027')).toBeTruthy());
    expect(screen.getByText('Aujourd’hui, 23 novembre 2026'.replace('’', "'"))).toBeTruthy();
    expect(screen.getByText('Échéance 2, 23 décembre 2026')).toBeTruthy();
    const amounts = [...document.querySelectorAll('dd')].map((dd) => dd.textContent?.replace(/\s/g, ' '));
    expect(amounts).toEqual(['15,00 €', '15,00 €', '15,00 €', '45,00 €']);
    expectNoPaymentDataInputs();
  });

  it('a double click on Pay places one order and the attempt is kept before leaving for the provider', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    let orders = 0;
    const { calls } = await openCheckout({
      lines: [appLine()],
      signedInAs: customer,
      handlers: {
        'Order/placeOrder.json': async (payload) => {
          orders += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return placed()(payload);
        },
      },
    });
    await heading('Paiement');
    await screen.findByText('Coût total');
    const pay = screen.getByRole('button', { name: 'Payer' });
    await user.dblClick(pay);
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://127.0.0.1:8310/pay/chk_1'));
    expect(orders).toBe(1);
    expect(calledPaths(calls).filter((path) => path === 'Order/placeOrder.json')).toHaveLength(1);
    const sent = calls.find((call) => call.path === 'Order/placeOrder.json')?.payload;
    expect(sent).toMatchObject({ returnUrl: '/cart/checkout', paymentMethod: 'CARD', installments: 1 });
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_STORAGE_KEY) ?? '{}')).toMatchObject({
      orderId: 501,
      orderReference: ORDER_REFERENCE,
      orderKey: sent?.orderKey,
    });
  });

  it('a guest pays after giving the invoice email: the guest session opens before the order', async () => {
    const user = userEvent.setup();
    vi.spyOn(providerPage, 'open').mockImplementation(() => {});
    const guest = fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' });
    const { calls } = await openCheckout({
      path: '/cart/invite-login',
      lines: [appLine()],
      handlers: {
        'identity/signUp': () => ({
          ok: {
            idToken: 'id-guest',
            refreshToken: 'refresh-guest',
            expiresIn: 3600,
            localId: 'guest',
            email: null,
          },
        }),
        'Account/login.json': () => ({ ok: { user: guest } }),
        'Order/placeOrder.json': placed(),
      },
    });
    await user.click((await main()).getByRole('button', { name: 'Continuer sans compte' }));
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await heading('Paiement');
    await screen.findByText('Coût total');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(calledPaths(calls)).toContain('Order/placeOrder.json'));
    const paths = calledPaths(calls);
    expect(paths.indexOf('Account/login.json')).toBeLessThan(paths.indexOf('Order/placeOrder.json'));
    expect(calls.find((call) => call.path === 'Order/placeOrder.json')?.payload).toMatchObject({
      invoiceEmail: 'ada@example.org',
      userToken: 'token-90',
    });
  });

  it('a guest sent back by the server to the invoice email finds the email given in the field', async () => {
    const user = userEvent.setup();
    const guest = fixtureUser({ userId: 90, userToken: 'token-90', authAsGuest: true, userStatus: 'GUEST' });
    const { router } = await openCheckout({
      path: '/cart/invite-login',
      lines: [appLine()],
      handlers: {
        'identity/signUp': () => ({
          ok: {
            idToken: 'id-guest',
            refreshToken: 'refresh-guest',
            expiresIn: 3600,
            localId: 'guest',
            email: null,
          },
        }),
        'Account/login.json': () => ({ ok: { user: guest } }),
        'Order/placeOrder.json': () => ({ ko: { code: 'INVOICE_EMAIL_MISSING' }, status: 400 }),
      },
    });
    await user.click((await main()).getByRole('button', { name: 'Continuer sans compte' }));
    await user.type(await screen.findByLabelText(/Adresse e-mail/), 'ada@example.org');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await screen.findByText('Coût total');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    await heading('E-mail de facturation');
    expect(router.state.location.pathname).toBe('/cart/invoice-email');
    const field = screen.getByLabelText(/Adresse e-mail/);
    expect(field).toHaveProperty('value', 'ada@example.org');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('when the amount cannot be computed the error is said and the amount is asked again', async () => {
    const user = userEvent.setup();
    const computeAmount = fakeComputeAmount(200);
    let asked = 0;
    await openCheckout({
      lines: [appLine()],
      signedInAs: customer,
      handlers: {
        'Order/computeAmount.json': (payload) => {
          asked += 1;
          return asked === 1
            ? { ko: { code: 'PAYMENT_UNEXPECTED_ERROR' }, status: 502 }
            : computeAmount(payload);
        },
      },
    });
    expect(await screen.findByText(/Une erreur inattendue est survenue pendant le paiement/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Payer' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Calculer à nouveau' }));
    expect(await screen.findByText('Coût total')).toBeTruthy();
    expect(screen.queryByText(/Une erreur inattendue/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Payer' })).toHaveProperty('disabled', false);
  });

  it('a refusal of the order shows its translated text at the payment step', async () => {
    const user = userEvent.setup();
    await openCheckout({
      lines: [appLine()],
      signedInAs: customer,
      handlers: {
        'Order/placeOrder.json': () => ({ ko: { code: 'PAYMENT_UNEXPECTED_ERROR' }, status: 502 }),
      },
    });
    await screen.findByText('Coût total');
    await user.click(screen.getByRole('button', { name: 'Payer' }));
    expect(await screen.findByText(/Une erreur inattendue est survenue pendant le paiement/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Payer' })).toHaveProperty('disabled', false);
  });
});

describe('ROUTE-04 on every step', () => {
  for (const step of ['checkout', 'collect', 'invite-login', 'invoice-email', 'shipping-address']) {
    it(`ROUTE-04 /cart/${step} sends back to the cart while the confirmations are not given`, async () => {
      const { router } = await openCheckout({ path: `/cart/${step}`, lines: [appLine()], confirmed: false });
      await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    });
  }
});

describe('the card a line goes on', () => {
  const card = fixtureMedium();
  const medias: Handler = () => ({ ok: { medias: [card] } });

  it('a line on a card the customer holds asks no shipping address, and the payment step names the card', async () => {
    const { router } = await openCheckout({
      lines: [{ item: ticket, delivery: 'PHYSICAL', mediaId: 41 }],
      signedInAs: customer,
      handlers: { 'Account/getMedias.json': medias },
    });
    await heading('Paiement');
    expect(router.state.location.pathname).toBe('/cart/checkout');
    const cards = await screen.findByRole('region', { name: 'Titres chargés sur vos cartes' });
    expect(
      await within(cards).findByText('Ticket unitaire : sur la carte \u20662501 0000 1111 2222\u2069'),
    ).toBeTruthy();
  });

  it('a line on a new card, posted, asks the shipping address first', async () => {
    const { router } = await openCheckout({
      lines: [newCardLine(), { item: newCardProduct, delivery: 'PHYSICAL', mediaId: null }],
      signedInAs: customer,
      handlers: { 'Account/getMedias.json': medias },
    });
    await heading('Adresse de livraison');
    expect(router.state.location.pathname).toBe('/cart/shipping-address');
  });
});
