import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { Medium } from '@transit-shop/sdk/contract/media';
import { describe, expect, it, vi } from 'vitest';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { fixtureUser, type Handler } from '../../../test/session.ts';

const TITLE = 'Mes cartes de transport';
/** A card number as the page shows it: grouped by four, one left-to-right run. */
const shown = (grouped: string) => `\u2066${grouped}\u2069`;

function medium(overrides: Partial<Medium>): Medium {
  return fixtureMedium({ number: '1234567890123456', created_at: '2026-11-01T10:00:00+01:00', ...overrides });
}

const medias = (list: Medium[]) => ({ ok: { medias: list } });

function openTransportCards(
  list: Medium[],
  options: {
    handlers?: Record<string, Handler>;
    path?: string;
    heading?: string;
    hideBirthDate?: boolean;
    user?: AuthUser;
  } = {},
) {
  const base = fixtureBootstrap();
  const hidingBirthDate = fixtureBootstrap({
    network: { ...base.network, configuration: { ...base.network.configuration, hideBirthDate: true } },
  });
  return openAccountPage(options.path ?? '/account/transport-cards', {
    signedInAs: options.user ?? fixtureUser(),
    heading: options.heading ?? TITLE,
    ...(options.hideBirthDate ? { bootstrap: hidingBirthDate } : {}),
    handlers: { 'Account/getMedias.json': () => medias(list), ...options.handlers },
  });
}

/** The card headings in the page's order. */
const cardTitles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
/** The list item of a card, found by its heading. */
const itemOf = (grouped: string) =>
  screen.getByRole('listitem', { name: `Carte ${shown(grouped)}` }) as HTMLElement;
const chipOf = (item: HTMLElement, text: string) =>
  within(item).getByText(text).closest('.MuiChip-root') as HTMLElement;

async function openLinkForm(user: ReturnType<typeof userEvent.setup>, button = 'Lier une carte') {
  await user.click(await screen.findByRole('button', { name: button }));
  return within(await screen.findByRole('dialog'));
}

describe('the transport cards page', () => {
  it('lists the cards as answered: number grouped by 4, expiry, status with its icon, and contracts', async () => {
    const active = medium({
      contracts: [
        {
          ticketId: 501,
          orderId: 90,
          productName: 'Pass mensuel',
          validFrom: '2026-11-01T01:00:00+01:00',
          validTo: '2026-11-30T23:59:59+01:00',
          loading: 'LOADED',
          loadedAt: '2026-11-03T09:15:00+01:00',
        },
        {
          ticketId: 502,
          orderId: 91,
          productName: 'Carnet 10 voyages',
          validFrom: null,
          validTo: null,
          loading: 'TO_LOAD',
          loadedAt: null,
        },
      ],
    });
    const blocked = medium({
      id: 43,
      number: '9876543210987654',
      status: 'BLOCKED',
      incident: { kind: 'LOST', reportedAt: '2026-11-20T11:00:00+01:00' },
    });
    const expired = medium({
      id: 42,
      number: '11112222333344',
      expires_at: '2026-01-31',
      state: 'EXPIRED',
      status: 'EXPIRED',
      profileId: 12,
    });
    const traveller = {
      userId: 12,
      userName: 'Tom',
      userLastname: 'Martin',
      userBirthday: null,
      cardNumber: null,
      active: true,
      signInEmail: null,
    };
    const { calls } = await openTransportCards([active, blocked, expired], {
      user: fixtureUser({ profiles: [traveller] }),
    });
    await screen.findByRole('list', { name: TITLE });

    // The answer's order, each number grouped by four and isolated left to right.
    expect(cardTitles()).toEqual([
      `Carte ${shown('1234 5678 9012 3456')}`,
      `Carte ${shown('9876 5432 1098 7654')}`,
      `Carte ${shown('1111 2222 3333 44')}`,
    ]);

    const first = itemOf('1234 5678 9012 3456');
    expect(within(first).getByText("Valable jusqu'au 31 décembre 2030")).toBeTruthy();
    const activeChip = chipOf(first, 'Active');
    expect(activeChip.className).toMatch(/MuiChip-colorSuccess/);
    expect(activeChip.querySelector('svg')).toBeTruthy();
    const contracts = within(within(first).getByRole('list', { name: 'Contrats sur cette carte' }));
    const [loaded, waiting] = contracts.getAllByRole('listitem');
    expect(loaded?.textContent).toBe('Pass mensuelChargé sur la carte le 3 novembre 2026');
    expect(waiting?.textContent).toBe(
      'Carnet 10 voyagesEn attente : chargé à la prochaine validation de la carte',
    );
    expect(within(first).getByRole('link', { name: /Déclarer un incident/ })).toBeTruthy();

    const second = itemOf('9876 5432 1098 7654');
    const blockedChip = chipOf(second, 'Bloquée');
    expect(blockedChip.className).toMatch(/MuiChip-colorError/);
    expect(blockedChip.querySelector('svg')).toBeTruthy();
    expect(within(second).getByText('Perdue, déclarée le 20 novembre 2026')).toBeTruthy();
    // Blocked with nothing on it: nothing to move.
    expect(
      within(second).queryByRole('link', { name: 'Transférer ses titres sur une autre carte' }),
    ).toBeNull();
    expect(within(second).queryByRole('link', { name: /Déclarer un incident/ })).toBeNull();
    expect(within(second).getByText("Aucun contrat sur cette carte pour l'instant.")).toBeTruthy();

    const third = itemOf('1111 2222 3333 44');
    expect(within(third).getByText("Valable jusqu'au 31 janvier 2026")).toBeTruthy();
    expect(chipOf(third, 'Expirée').querySelector('svg')).toBeTruthy();
    // A card paired with a traveller names them; the holder's own cards name nobody.
    expect(within(third).getByText('Voyageur : Tom Martin')).toBeTruthy();
    expect(within(first).queryByText(/Voyageur/)).toBeNull();

    expect(calls.find((call) => call.path === 'Account/getMedias.json')).toMatchObject({
      method: 'GET',
      signed: true,
      // The contracts are named in the page's language.
      payload: { userToken: 'token-7', userId: '7', networkId: '7', lang: 'fr' },
    });
  });

  it('a new card sent by post is on its way until its first validation, its pass waiting on it (decision 0037)', async () => {
    const onItsWay = medium({
      number: '9000111122223333',
      status: 'ORDERED',
      contracts: [
        {
          ticketId: 503,
          orderId: 92,
          productName: 'Pass mensuel',
          validFrom: '2026-12-01T00:00:00+01:00',
          validTo: '2026-12-31T23:59:59+01:00',
          loading: 'TO_LOAD',
          loadedAt: null,
        },
      ],
    });
    await openTransportCards([onItsWay]);
    await screen.findByRole('list', { name: TITLE });
    const item = itemOf('9000 1111 2222 3333');
    const chip = chipOf(item, 'En route');
    expect(chip.className).toMatch(/MuiChip-colorInfo/);
    expect(chip.querySelector('svg')).toBeTruthy();
    expect(
      within(item).getByText(
        'Envoyée par courrier à son titulaire : elle devient active à sa première validation.',
      ),
    ).toBeTruthy();
    const [waiting] = within(
      within(item).getByRole('list', { name: 'Contrats sur cette carte' }),
    ).getAllByRole('listitem');
    expect(waiting?.textContent).toBe(
      'Pass mensuelEn attente\u202f: chargé à la première validation de la carte, dès sa réception',
    );
  });

  it('without a card the page says what a card is for and offers to link one', async () => {
    await openTransportCards([]);
    expect(await screen.findByText(/Une carte de transport porte vos abonnements et titres/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lier une carte' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('MEDIA-04 the card number and the birth date are required: nothing is sent without them', async () => {
    const user = userEvent.setup();
    const { calls } = await openTransportCards([]);
    const dialog = await openLinkForm(user);
    expect(dialog.getByRole('heading', { name: 'Lier une carte de transport' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    const number = dialog.getByRole('textbox', { name: /Numéro de carte/ });
    const birthDate = dialog.getByLabelText(/Date de naissance du titulaire/);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(number)).toBe('Ce champ est obligatoire.');
    expect(birthDate.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(birthDate)).toBe('Ce champ est obligatoire.');
    expect(document.activeElement).toBe(number);
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toEqual([]);
  });

  it('MEDIA-04 a linked card is sent as digits with the birth date, and shows in the list as answered', async () => {
    const user = userEvent.setup();
    const linked = medium({ id: 44 });
    const { calls } = await openTransportCards([], {
      handlers: {
        'Account/registerMedia.json': () => ({ ok: { media: linked, medias: [linked] } }),
      },
    });
    const dialog = await openLinkForm(user);
    await user.type(dialog.getByRole('textbox', { name: /Numéro de carte/ }), '1234 5678 9012 3456');
    await user.type(dialog.getByLabelText(/Date de naissance du titulaire/), '1990-04-12');
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe(
      `La carte ${shown('1234 5678 9012 3456')} est maintenant liée à votre compte.`,
    );
    expect(cardTitles()).toEqual([`Carte ${shown('1234 5678 9012 3456')}`]);
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toEqual([
      {
        mediaNumber: '1234567890123456',
        mediaCustomerBirthDate: '1990-04-12',
        lang: 'fr',
        userId: 7,
        networkId: 7,
      },
    ]);
  });

  it('MEDIA-05 refusals are said in French: a birth date mismatch under its field, an incident in an alert, and a retry goes', async () => {
    const user = userEvent.setup();
    const refusals = ['MEDIA_BIRTH_DATE_MISMATCH', 'MEDIA_INCIDENT'];
    const linked = medium({ id: 44 });
    const { calls } = await openTransportCards([], {
      handlers: {
        'Account/registerMedia.json': () => {
          const code = refusals.shift();
          return code ? { ko: { code }, status: 409 } : { ok: { media: linked, medias: [linked] } };
        },
      },
    });
    const dialog = await openLinkForm(user);
    await user.type(dialog.getByRole('textbox', { name: /Numéro de carte/ }), '12345678');
    const birthDate = dialog.getByLabelText(/Date de naissance du titulaire/);
    await user.type(birthDate, '1990-04-12');
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));

    await waitFor(() =>
      expect(descriptionOf(birthDate)).toBe('La date de naissance ne correspond pas à cette carte.'),
    );
    expect(birthDate.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(birthDate);
    expect(dialog.queryByRole('alert')).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toBe(
      'Un incident a été déclaré sur cette carte : elle ne peut plus être utilisée.',
    );
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(birthDate.getAttribute('aria-invalid')).toBe('false');

    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toHaveLength(3);
  });

  it('MEDIA-05 refusals are said in Arabic: an unknown number under its field, a card linked elsewhere in an alert', async () => {
    const user = userEvent.setup();
    const refusals = [
      { code: 'MEDIA_NOT_RECOGNISED', status: 404 },
      { code: 'MEDIA_LINKED_ELSEWHERE', status: 409 },
    ];
    await openTransportCards([medium({ id: 42, number: '11112222333344' })], {
      path: '/ar/account/transport-cards',
      heading: 'بطاقات النقل الخاصة بي',
      handlers: {
        'Account/registerMedia.json': () => {
          const refusal = refusals.shift() as { code: string; status: number };
          return { ko: { code: refusal.code }, status: refusal.status };
        },
      },
    });
    // Each number stays one left-to-right run in the right-to-left page.
    const item = await screen.findByRole('listitem', { name: `البطاقة ${shown('1111 2222 3333 44')}` });
    expect(item.className).toMatch(/\bmui-rtl-/);
    expect(within(item).getByText('نشطة')).toBeTruthy();
    const dialog = await openLinkForm(user, 'ربط بطاقة');
    expect(dialog.getByRole('heading', { name: 'ربط بطاقة نقل' })).toBeTruthy();
    const number = dialog.getByRole('textbox', { name: /رقم البطاقة/ });
    // The number reads left to right inside the right-to-left form.
    expect(number.getAttribute('dir')).toBe('ltr');
    await user.type(number, '12345678');
    await user.type(dialog.getByLabelText(/تاريخ ميلاد حامل البطاقة/), '1990-04-12');
    await user.click(dialog.getByRole('button', { name: 'ربط البطاقة' }));

    await waitFor(() =>
      expect(descriptionOf(number)).toBe('رقم البطاقة غير معروف. تحقّق من الرقم المطبوع على البطاقة.'),
    );
    expect(number.getAttribute('aria-invalid')).toBe('true');

    await user.click(dialog.getByRole('button', { name: 'ربط البطاقة' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'هذه البطاقة مرتبطة بحساب آخر. اتصل بخدمة العملاء.',
    );
    expect(screen.getByRole('dialog').className).toMatch(/\bmui-rtl-/);
  });

  it('the link form works from the keyboard alone: Enter sends it, Escape closes it', async () => {
    const user = userEvent.setup();
    const linked = medium({ id: 44 });
    const { calls } = await openTransportCards([], {
      handlers: {
        'Account/registerMedia.json': () => ({ ok: { media: linked, medias: [linked] } }),
      },
    });
    const open = await screen.findByRole('button', { name: 'Lier une carte' });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Lier une carte de transport' }));
    await user.tab();
    expect(document.activeElement).toBe(dialog.getByRole('textbox', { name: /Numéro de carte/ }));
    await user.keyboard('1234567890123456');
    await user.tab();
    expect(document.activeElement).toBe(dialog.getByLabelText(/Date de naissance du titulaire/));
    await user.keyboard('1990-04-12');
    // Enter in a field sends the form.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toMatchObject([
      { mediaNumber: '1234567890123456', mediaCustomerBirthDate: '1990-04-12' },
    ]);
    // Escape closes a new form without sending anything.
    await user.click(screen.getByRole('button', { name: 'Lier une carte' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toHaveLength(1);
  });

  it('NET-06 on a network that hides the birth date the form neither asks nor sends it, and asks the code printed on the card', async () => {
    const user = userEvent.setup();
    const linked = medium({ id: 44, number: '12345678' });
    const refusals = ['MEDIA_PRINTED_CODE_MISMATCH'];
    const { calls } = await openTransportCards([], {
      hideBirthDate: true,
      handlers: {
        'Account/registerMedia.json': () => {
          const code = refusals.shift();
          return code ? { ko: { code }, status: 409 } : { ok: { media: linked, medias: [linked] } };
        },
      },
    });
    const dialog = await openLinkForm(user);
    expect(
      dialog.getByText('Saisissez le numéro imprimé sur la carte et le code imprimé à côté.'),
    ).toBeTruthy();
    expect(dialog.queryByLabelText(/Date de naissance/)).toBeNull();
    await user.type(dialog.getByRole('textbox', { name: /Numéro de carte/ }), '12345678');
    const code = dialog.getByRole('textbox', { name: /Code imprimé sur la carte/ });
    // Nothing is sent without the code.
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(code)).toBe('Ce champ est obligatoire.');
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toEqual([]);

    await user.type(code, 'k7q 2m8');
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    await waitFor(() =>
      expect(descriptionOf(code)).toBe('Le code ne correspond pas à celui imprimé sur cette carte.'),
    );
    expect(code.getAttribute('aria-invalid')).toBe('true');
    await user.clear(code);
    await user.type(code, 'K7Q2M9');
    await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/registerMedia.json')).toEqual([
      { mediaNumber: '12345678', mediaPrintedCode: 'K7Q2M8', lang: 'fr', userId: 7, networkId: 7 },
      { mediaNumber: '12345678', mediaPrintedCode: 'K7Q2M9', lang: 'fr', userId: 7, networkId: 7 },
    ]);
  });

  // Each card-link error of the spec, as the registry's refusal reaches the customer in the dialog:
  // under the field it is about, or in the alert.
  it.each([
    ['MEDIA_BIRTH_DATE_MISMATCH', 409, 'birthDate', 'La date de naissance ne correspond pas à cette carte.'],
    ['MEDIA_EXPIRED', 409, 'alert', 'Cette carte a expiré.'],
    [
      'MEDIA_NOT_RECOGNISED',
      404,
      'number',
      'Ce numéro de carte n’est pas reconnu. Vérifiez le numéro imprimé sur la carte.',
    ],
    [
      'MEDIA_INCIDENT',
      409,
      'alert',
      'Un incident a été déclaré sur cette carte : elle ne peut plus être utilisée.',
    ],
    ['MEDIA_UNKNOWN_DATA', 409, 'alert', 'La carte n’a pas pu être associée avec ces informations.'],
    ['MEDIA_ERROR', 502, 'alert', 'Le système billettique ne répond pas. Réessayez dans quelques minutes.'],
    [
      'MEDIA_STATUS_EMPTY',
      409,
      'alert',
      'Le système billettique n’a donné aucun statut pour cette carte. Contactez le service client.',
    ],
    [
      'MEDIA_MULTIPLE_ACCOUNTS',
      409,
      'alert',
      'Plusieurs comptes sont liés à cette carte. Contactez le service client.',
    ],
    ['MEDIA_NONE_FOUND', 404, 'alert', 'Aucun compte n’est lié à cette carte.'],
  ])(
    'MEDIA-05 %s (%i) reaches the customer in the link dialog (%s): %s',
    async (code, status, place, text) => {
      const user = userEvent.setup();
      await openTransportCards([], {
        handlers: { 'Account/registerMedia.json': () => ({ ko: { code }, status }) },
      });
      const dialog = await openLinkForm(user);
      const number = dialog.getByRole('textbox', { name: /Numéro de carte/ });
      const birthDate = dialog.getByLabelText(/Date de naissance du titulaire/);
      await user.type(number, '12345678');
      await user.type(birthDate, '1990-04-12');
      await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
      if (place === 'alert') {
        const alert = await dialog.findByRole('alert');
        expect(alert.textContent?.replace(/\s+/g, ' ')).toBe(text);
        await waitFor(() => expect(document.activeElement).toBe(alert));
      } else {
        const field = place === 'number' ? number : birthDate;
        await waitFor(() => expect(descriptionOf(field)).toBe(text));
        expect(field.getAttribute('aria-invalid')).toBe('true');
        expect(dialog.queryByRole('alert')).toBeNull();
      }
      // The dialog stays open with what was typed, to correct it.
      expect((number as HTMLInputElement).value).toBe('12345678');
    },
  );

  it('a card whose tries are used up says so, and on which day and at what time to try again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T09:00:00+01:00') });
    try {
      const user = userEvent.setup();
      await openTransportCards([], {
        handlers: {
          'Account/registerMedia.json': () => ({
            ko: { code: 'MEDIA_TRIES_EXHAUSTED', details: { retryAfterSeconds: 24 * 60 * 60 } },
            status: 429,
          }),
        },
      });
      const dialog = await openLinkForm(user);
      await user.type(dialog.getByRole('textbox', { name: /Numéro de carte/ }), '12345678');
      await user.type(dialog.getByLabelText(/Date de naissance du titulaire/), '1990-04-12');
      await user.click(dialog.getByRole('button', { name: 'Lier la carte' }));
      // A day on, in whatever time zone the browser is.
      const retry = new Date('2026-11-24T09:00:00+01:00');
      const date = new Intl.DateTimeFormat('fr', { dateStyle: 'long' }).format(retry);
      const time = new Intl.DateTimeFormat('fr', { hour: '2-digit', minute: '2-digit' }).format(retry);
      expect((await dialog.findByRole('alert')).textContent).toBe(
        `Trop de tentatives avec des informations erronées : pour protéger le titulaire de la carte, l'association de cette carte et la connexion avec elle sont suspendues. Vous pourrez réessayer le ${date} à ${time}.`,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('MEDIA-06 Remove asks for a confirmation saying the card stays valid until its expiry; Cancel sends nothing, Remove sends unregisterMedia', async () => {
    const user = userEvent.setup();
    const kept = medium({ id: 42, number: '11112222333344' });
    const removed = medium({});
    const { calls } = await openTransportCards([removed, kept], {
      handlers: { 'Account/unregisterMedia': () => medias([kept]) },
    });
    await screen.findByRole('list', { name: TITLE });
    const remove = () =>
      screen.getByRole('button', { name: `Supprimer la carte ${shown('1234 5678 9012 3456')}` });
    await user.click(remove());
    const dialog = within(screen.getByRole('dialog', { name: 'Retirer cette carte de votre compte ?' }));
    expect(
      dialog.getByText(/Elle reste valable sur le réseau jusqu'au 31 décembre 2030/).textContent,
    ).toContain(shown('1234 5678 9012 3456'));
    await user.click(dialog.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/unregisterMedia')).toEqual([]);

    await user.click(remove());
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(cardTitles()).toEqual([`Carte ${shown('1111 2222 3333 44')}`]));
    expect(screen.getByRole('status').textContent).toBe(
      `La carte ${shown('1234 5678 9012 3456')} a été retirée de votre compte.`,
    );
    expect(payloadsAt(calls, 'Account/unregisterMedia')).toEqual([
      { mediaId: '41', userId: '7', lang: 'fr' },
    ]);
  });

  it('MEDIA-06 reporting an incident: a kind is required, a confirmation, then the list shows the card blocked', async () => {
    const user = userEvent.setup();
    const card = medium({ contracts: [] });
    const blocked = medium({
      status: 'BLOCKED',
      incident: { kind: 'STOLEN', reportedAt: '2026-11-28T01:20:00+01:00' },
    });
    const { calls, router } = await openTransportCards([card], {
      handlers: { 'Account/reportMediaIncident.json': () => medias([blocked]) },
    });
    await user.click(
      await screen.findByRole('link', {
        name: `Déclarer un incident sur la carte ${shown('1234 5678 9012 3456')}`,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Déclarer un incident' });
    expect(router.state.location.pathname).toBe('/account/transport-cards/incident/41');
    const kinds = within(screen.getByRole('radiogroup', { name: /Qu'est-il arrivé à la carte/ }));
    expect(kinds.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'LOST',
      'STOLEN',
      'DAMAGED',
    ]);

    await user.click(screen.getByRole('button', { name: "Déclarer l'incident" }));
    expect(screen.getByText('Choisissez ce qui est arrivé à la carte.')).toBeTruthy();
    expect(document.activeElement).toBe(kinds.getByRole('radio', { name: 'Perdue' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // A choice is made with the keyboard (jsdom has no CSS.escape for the arrow keys' walk).
    kinds.getByRole('radio', { name: 'Volée' }).focus();
    await user.keyboard(' ');
    expect(kinds.getByRole('radio', { name: 'Volée' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: "Déclarer l'incident" }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bloquer cette carte ?' }));
    expect(dialog.getByText(/motif : Volée/)).toBeTruthy();
    expect(payloadsAt(calls, 'Account/reportMediaIncident.json')).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Bloquer la carte' }));

    await screen.findByRole('heading', { level: 1, name: TITLE });
    expect(router.state.location.pathname).toBe('/account/transport-cards');
    expect(payloadsAt(calls, 'Account/reportMediaIncident.json')).toEqual([
      { mediaId: 41, kind: 'STOLEN', userId: 7, lang: 'fr' },
    ]);
    expect(screen.getByRole('status').textContent).toBe(
      `L'incident est enregistré : la carte ${shown('1234 5678 9012 3456')} est bloquée. Ses contrats peuvent être transférés sur une autre carte.`,
    );
    const item = itemOf('1234 5678 9012 3456');
    expect(chipOf(item, 'Bloquée')).toBeTruthy();
    expect(within(item).getByText('Volée, déclarée le 28 novembre 2026')).toBeTruthy();
  });

  it('a blocked card carrying passes leads to the wallet to move them to another card', async () => {
    const pass = {
      ticketId: 501,
      orderId: 90,
      productName: 'Pass mensuel',
      validFrom: '2026-11-01T01:00:00+01:00',
      validTo: '2026-11-30T23:59:59+01:00',
      loading: 'TO_LOAD' as const,
      loadedAt: null,
    };
    const withPasses = medium({
      status: 'BLOCKED',
      incident: { kind: 'STOLEN', reportedAt: '2026-11-28T01:20:00+01:00' },
      contracts: [pass],
    });
    const withIncident = medium({
      id: 44,
      number: '4444555566667777',
      status: 'INCIDENT',
      contracts: [pass],
    });
    // Active, its passes are used where they are.
    const active = medium({ id: 45, number: '5555666677778888', contracts: [pass] });
    await openTransportCards([withPasses, withIncident, active]);
    await screen.findByRole('list', { name: TITLE });
    for (const grouped of ['1234 5678 9012 3456', '4444 5555 6666 7777']) {
      const item = itemOf(grouped);
      expect(
        within(item).getByText(/chacun de ses titres peut être transféré sur une autre carte/),
      ).toBeTruthy();
      expect(
        within(item)
          .getByRole('link', { name: 'Transférer ses titres sur une autre carte' })
          .getAttribute('href'),
      ).toBe('/account/wallet');
    }
    expect(
      within(itemOf('5555 6666 7777 8888')).queryByRole('link', {
        name: 'Transférer ses titres sur une autre carte',
      }),
    ).toBeNull();
  });

  it('the incident page of a blocked card carrying passes leads to the wallet to move them', async () => {
    const blocked = medium({
      status: 'BLOCKED',
      contracts: [
        {
          ticketId: 501,
          orderId: 90,
          productName: 'Pass mensuel',
          validFrom: null,
          validTo: null,
          loading: 'LOADED',
          loadedAt: '2026-11-03T09:15:00+01:00',
        },
      ],
    });
    await openTransportCards([blocked], {
      path: '/account/transport-cards/incident/41',
      heading: 'Déclarer un incident',
    });
    const link = await screen.findByRole('link', { name: 'Transférer ses titres sur une autre carte' });
    expect(link.getAttribute('href')).toBe('/account/wallet');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('MEDIA-06 a refused removal says why, and the list read again shows the cards as they are', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const card = medium({});
    await openTransportCards([], {
      handlers: {
        'Account/getMedias.json': () => {
          reads += 1;
          return medias(reads === 1 ? [card] : []);
        },
        'Account/unregisterMedia': () => ({ ko: { code: 'MEDIA_NOT_FOUND' }, status: 404 }),
      },
    });
    await user.click(
      await screen.findByRole('button', { name: `Supprimer la carte ${shown('1234 5678 9012 3456')}` }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette carte ne fait pas partie de votre compte.',
    );
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3 })).toBeNull());
    expect(reads).toBe(2);
    expect(screen.queryByRole('status')?.textContent).toBe('');
  });

  it('MEDIA-06 a refused incident report says why and stays on the report', async () => {
    const user = userEvent.setup();
    const { router, calls } = await openTransportCards([medium({})], {
      path: '/account/transport-cards/incident/41',
      heading: 'Déclarer un incident',
      handlers: { 'Account/reportMediaIncident.json': () => ({ ko: { code: 'MEDIA_ERROR' }, status: 502 }) },
    });
    expect((await screen.findByText(/Pour la carte/)).textContent).toContain(shown('1234 5678 9012 3456'));
    await user.click(await screen.findByRole('radio', { name: 'Endommagée' }));
    await user.click(screen.getByRole('button', { name: "Déclarer l'incident" }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Bloquer la carte' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Le système billettique ne répond pas. Réessayez dans quelques minutes.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/account/transport-cards/incident/41');
    expect(payloadsAt(calls, 'Account/reportMediaIncident.json')).toEqual([
      { mediaId: 41, kind: 'DAMAGED', userId: 7, lang: 'fr' },
    ]);
  });

  it('the incident page of a card that is not in the account, or already blocked, offers nothing to report', async () => {
    await openTransportCards([medium({ status: 'BLOCKED' })], {
      path: '/account/transport-cards/incident/41',
      heading: 'Déclarer un incident',
    });
    expect(
      await screen.findByText(
        "Cette carte n'est pas dans votre compte, ou un incident y a déjà été déclaré.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour à mes cartes' }).getAttribute('href')).toBe(
      '/account/transport-cards',
    );
    // Nothing on it to move.
    expect(screen.queryByRole('link', { name: 'Transférer ses titres sur une autre carte' })).toBeNull();
  });

  it('the account page links to the transport cards', async () => {
    await openAccountPage('/account', { signedInAs: fixtureUser() });
    const link = screen.getByRole('link', { name: TITLE });
    expect(link.getAttribute('href')).toBe('/account/transport-cards');
  });
});
