import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WalletTicket } from '@transit-shop/sdk/contract/wallet';
import { verifyTicketCode } from '@transit-shop/sdk/tickets/ticket-token';
import { IDBFactory } from 'fake-indexeddb';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetWalletStore, keepTickets } from '../../../lib/kept-tickets.ts';
import { queryClient } from '../../../lib/query-client.tsx';
import { openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { browserZoneData, CHROMIUM_CASABLANCA } from '../../../test/browser-zones.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { fixtureMedium } from '../../../test/fixtures/media.ts';
import { renderApp, renderWithApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, type Handler, stubTenantService } from '../../../test/session.ts';
import { Countdown } from '../components/countdown.tsx';
import { qrPath } from '../components/ticket-qr.tsx';
import { deviceKey, forgetDeviceKeyInMemory } from '../lib/device-key.ts';
import { useTicketCode } from '../lib/use-ticket-code.ts';
import { networkKey, passToken, walletTicket } from '../test/wallet-fixtures.ts';

// Each test starts on a browser that has never opened the wallet.
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  forgetDeviceKeyInMemory();
  forgetWalletStore();
});

const SYNCED_AT = '2026-11-27T11:00:00+01:00';

/** When a code's device proof was signed, in seconds. */
function proofSecondsOf(code: string): number {
  const proof = code.split('~')[1] ?? '';
  const payload = proof.split('.')[1] ?? '';
  return (JSON.parse(new TextDecoder().decode(Buffer.from(payload, 'base64url'))) as { iat: number }).iat;
}

function openWallet(
  tickets: WalletTicket[] | (() => WalletTicket[] | 'unreachable' | 'refused' | 'silent'),
  handlers: Record<string, Handler> = {},
) {
  return openAccountPage('/account/wallet', {
    signedInAs: fixtureUser(),
    heading: 'Mes titres',
    handlers: {
      'wallet/tickets': () => {
        const answer = typeof tickets === 'function' ? tickets() : tickets;
        if (answer === 'refused') return { ko: { code: 'TICKET_NOT_FOUND' }, status: 404 };
        // A network so slow that no answer comes while the test looks.
        if (answer === 'silent') return new Promise<never>(() => {});
        return answer === 'unreachable' ? answer : { ok: { tickets: answer, syncedAt: SYNCED_AT } };
      },
      ...handlers,
    },
  });
}

describe('the wallet page', () => {
  it('WAL-01 lists the tickets grouped as valid now, coming up and past, each with where it is', async () => {
    const { calls } = await openWallet([
      walletTicket({ id: 1, name: 'Carnet 10 voyages', journeysLeft: 7 }),
      walletTicket({
        id: 2,
        name: 'Pass mensuel',
        kind: 'PERIOD',
        phase: 'UPCOMING',
        validFrom: '2026-12-01T00:00:00+01:00',
        validTo: '2027-01-01T00:00:00+01:00',
        usableUntil: null,
        journeysTotal: null,
        journeysLeft: null,
        activatable: false,
        place: { delivery: 'CARD', mediaId: 3, cardNumber: '2501000011112222', loadedAt: null },
      }),
      walletTicket({
        id: 3,
        name: 'Ticket journée',
        kind: 'DAY',
        phase: 'UPCOMING',
        place: {
          delivery: 'COLLECT',
          siteId: 4,
          siteName: 'Agence Bellecour',
          from: '2026-11-29T09:00:00+01:00',
        },
      }),
      walletTicket({ id: 4, name: 'Pass semaine', phase: 'PAST', activatable: false }),
    ]);
    await screen.findByRole('article', { name: 'Carnet 10 voyages' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Valables maintenant', 'À venir', 'Passés']);
    const carnet = screen.getByRole('article', { name: 'Carnet 10 voyages' });
    expect(within(carnet).getByText('Voyageur : Léa Martin')).toBeTruthy();
    expect(within(carnet).getByText('Voyages restants : 7 sur 10')).toBeTruthy();
    const pass = screen.getByRole('article', { name: 'Pass mensuel' });
    // The network's clock (Europe/Paris): from 1 December 00:00 to 31 December 23:59.
    expect(within(pass).getByText('Valable du 1 déc. 2026, 00:00 au 31 déc. 2026, 23:59')).toBeTruthy();
    expect(
      within(pass).getByText(
        'À charger sur votre carte \u20662501 0000 1111 2222\u2069 lors de votre prochaine validation',
      ),
    ).toBeTruthy();
    const day = screen.getByRole('article', { name: 'Ticket journée' });
    expect(
      within(day).getByText('À retirer à Agence Bellecour à partir du 29 nov. 2026, 09:00'),
    ).toBeTruthy();
    expect(screen.getByText('Synchronisé le 27 nov. 2026, 11:00')).toBeTruthy();
    // API-07: the networks travel as JSON text, with the device's public key.
    const [asked] = payloadsAt(calls, 'wallet/tickets');
    expect(asked?.networkId).toBe('[7]');
    const { publicJwk } = await deviceKey();
    expect(JSON.parse(String(asked?.deviceKey))).toEqual(publicJwk);
  });

  it("states an activation's window to its exact minute, and once over, until when the carnet may be activated", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:30:00.000Z'));
    await openWallet([
      walletTicket({
        id: 1,
        name: 'Carnet en cours',
        journeysLeft: 9,
        validFrom: '2026-11-27T11:03:27+01:00',
        validTo: '2026-11-27T12:03:27+01:00',
      }),
      walletTicket({
        id: 2,
        name: 'Carnet entamé',
        journeysLeft: 8,
        validFrom: '2026-11-27T09:00:00+01:00',
        validTo: '2026-11-27T10:00:00+01:00',
      }),
    ]);
    const running = await screen.findByRole('article', { name: 'Carnet en cours' });
    // Europe/Paris: 11:03:27 to 12:03:27, not to 12:02.
    expect(within(running).getByText('Valable du 27 nov. 2026, 11:03 au 27 nov. 2026, 12:03')).toBeTruthy();
    const between = screen.getByRole('article', { name: 'Carnet entamé' });
    // Its use period ends at midnight in Paris (22:00 UTC in summer): the last minute of 1 May.
    expect(within(between).getByText('À activer avant le 1 mai 2027, 23:59')).toBeTruthy();
    expect(within(between).queryByText(/Valable du/)).toBeNull();
  });

  it('shows a ticket this phone holds as a QR code, and offers to move a ticket held by another phone', async () => {
    const user = userEvent.setup();
    const { publicJwk } = await deviceKey();
    const key = await networkKey();
    let moved = false;
    const token = await passToken(key, publicJwk, new Date());
    const held = walletTicket({ id: 5, name: 'Pass mensuel', publicId: 'BBBBBBBBBBBBBBBBBBBBBB', token });
    const elsewhere = walletTicket({ id: 6, name: 'Carnet 10 voyages', device: 'OTHER', token: null });
    const { calls } = await openWallet(
      () => (moved ? [held, { ...elsewhere, device: 'THIS', token }] : [held, elsewhere]),
      {
        'wallet/transferContract': () => {
          moved = true;
          return {
            ok: {
              transfer: { id: 1, status: 'DONE', target: 'DEVICE' },
              ticket: { ...elsewhere, device: 'THIS', token },
            },
          };
        },
      },
    );
    expect(
      await screen.findByRole('img', { name: 'Code du titre Pass mensuel à présenter au contrôle' }),
    ).toBeTruthy();
    const other = screen.getByRole('article', { name: 'Carnet 10 voyages' });
    expect(within(other).getByText('Ce titre est sur un autre téléphone.')).toBeTruthy();
    expect(within(other).queryByRole('img')).toBeNull();
    await user.click(within(other).getByRole('button', { name: 'Transférer sur ce téléphone' }));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Code du titre/ })).toHaveLength(2));
    // The button is gone: the move is told in the card, and focus is on the ticket.
    expect(within(other).getByRole('status').textContent).toBe('Le titre est maintenant sur ce téléphone.');
    expect(document.activeElement).toBe(within(other).getByRole('heading', { name: 'Carnet 10 voyages' }));
    expect(payloadsAt(calls, 'wallet/transferContract')[0]).toMatchObject({
      ticketId: 6,
      target: 'DEVICE',
      deviceKey: publicJwk,
    });
  });

  it('activates after a confirmation, and a retry sends the same activationId', async () => {
    const user = userEvent.setup();
    let punches = 0;
    const { calls } = await openWallet([walletTicket({ id: 8 })], {
      'Ticket/punchTicket.json': () => {
        punches += 1;
        if (punches === 1) return 'unreachable';
        return {
          ok: {
            ticket: walletTicket({ id: 8, journeysLeft: 9 }),
            activatedAt: '2026-11-27T11:00:00+01:00',
          },
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Activer le titre Carnet 10 voyages' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activer ce titre ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Activer' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Activer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = payloadsAt(calls, 'Ticket/punchTicket.json');
    expect(first?.activationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.activationId).toBe(first?.activationId);
    expect(second).toMatchObject({ ticketId: 8 });
    // The wallet is asked again after the activation.
    await waitFor(() => expect(payloadsAt(calls, 'wallet/tickets')).toHaveLength(2));
    // The activation is told in the card, and focus is on the ticket rather than lost.
    const card = screen.getByRole('article', { name: 'Carnet 10 voyages' });
    expect(within(card).getByRole('status').textContent).toBe(
      'Titre activé : présentez son code au contrôle.',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(within(card).getByRole('heading', { name: 'Carnet 10 voyages' })),
    );
  });

  it('opens offline from the copy kept on the device, still showing the codes and when it was synchronised', async () => {
    const { publicJwk } = await deviceKey();
    const key = await networkKey();
    const token = await passToken(key, publicJwk, new Date());
    let online = true;
    const ticket = walletTicket({ name: 'Pass mensuel', publicId: 'BBBBBBBBBBBBBBBBBBBBBB', token });
    const first = await openWallet(() => (online ? [ticket] : 'unreachable'));
    await screen.findByRole('img', { name: /Code du titre Pass mensuel/ });
    first.unmount();
    // A new visit: nothing in memory, only what the device kept.
    queryClient.clear();
    online = false;
    await renderApp('/account/wallet');
    expect(
      await screen.findByText(
        'Vous êtes hors connexion : ces titres ont été synchronisés le 27 nov. 2026, 11:00.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Code du titre Pass mensuel/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Activer/ })).toBeNull();
  });

  it('shows a weekly pass from 00:00 to 23:59 on the network’s clock though the browser reads the zone an hour off, online and from the kept copy', async () => {
    // Debian's Chromium reads Africa/Casablanca at UTC+0 in December 2026, where it is UTC+1
    // (decision 0038): the times come from the answer, not from the browser's zone data.
    browserZoneData(CHROMIUM_CASABLANCA);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T10:00:00Z'));
    const base = fixtureBootstrap();
    const bootstrap = { ...base, network: { ...base.network, timeZone: 'Africa/Casablanca' } };
    let online = true;
    const pass = walletTicket({
      name: 'Abonnement hebdomadaire',
      kind: 'PERIOD',
      phase: 'UPCOMING',
      // As the ticket API answers it: Monday 7 December 00:00 to the next Monday's midnight.
      validFrom: '2026-12-07T00:00:00+01:00',
      validTo: '2026-12-14T00:00:00+01:00',
      usableUntil: null,
      journeysTotal: null,
      journeysLeft: null,
      activatable: false,
    });
    const first = await openAccountPage('/account/wallet', {
      bootstrap,
      signedInAs: fixtureUser(),
      heading: 'Mes titres',
      handlers: {
        'wallet/tickets': () =>
          online ? { ok: { tickets: [pass], syncedAt: '2026-12-03T11:00:00+01:00' } } : 'unreachable',
      },
    });
    const validity = 'Valable du 7 déc. 2026, 00:00 au 13 déc. 2026, 23:59';
    const card = await screen.findByRole('article', { name: 'Abonnement hebdomadaire' });
    expect(within(card).getByText(validity)).toBeTruthy();
    expect(screen.getByText('Synchronisé le 3 déc. 2026, 11:00')).toBeTruthy();

    // A new visit offline: only the copy kept in IndexedDB.
    first.unmount();
    queryClient.clear();
    online = false;
    await renderApp('/account/wallet', { bootstrap });
    expect(
      await screen.findByText(
        'Vous êtes hors connexion : ces titres ont été synchronisés le 3 déc. 2026, 11:00.',
      ),
    ).toBeTruthy();
    const kept = screen.getByRole('article', { name: 'Abonnement hebdomadaire' });
    expect(within(kept).getByText(validity)).toBeTruthy();
  });

  it('a copy kept before the answers carried the network’s offset, its instants in UTC, is shown on the network’s clock', async () => {
    const { publicJwk } = await deviceKey();
    const token = await passToken(await networkKey(), publicJwk, new Date());
    // What the device kept of a December pass, as wallet/tickets answered before (in UTC).
    await keepTickets(
      { kind: 'user', networkId: 7, userId: 7 },
      {
        syncedAt: '2026-11-27T10:00:00.000Z',
        tickets: [
          walletTicket({
            name: 'Pass mensuel',
            kind: 'PERIOD',
            publicId: 'BBBBBBBBBBBBBBBBBBBBBB',
            token,
            validFrom: '2026-11-30T23:00:00.000Z',
            validTo: '2026-12-31T23:00:00.000Z',
            usableUntil: null,
            journeysTotal: null,
            journeysLeft: null,
            activatable: false,
            issuedAt: '2026-11-27T09:00:00.000Z',
          }),
        ],
      },
    );
    await openWallet(() => 'unreachable');
    expect(
      await screen.findByText(
        'Vous êtes hors connexion : ces titres ont été synchronisés le 27 nov. 2026, 11:00.',
      ),
    ).toBeTruthy();
    const pass = screen.getByRole('article', { name: 'Pass mensuel' });
    expect(within(pass).getByText('Valable du 1 déc. 2026, 00:00 au 31 déc. 2026, 23:59')).toBeTruthy();
  });

  it('reads the kept copy at the current time: a pass that ended since is past, without its code', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    const { publicJwk } = await deviceKey();
    const token = await passToken(await networkKey(), publicJwk, new Date());
    let online = true;
    const pass = walletTicket({
      name: 'Pass journée',
      kind: 'PERIOD',
      publicId: 'BBBBBBBBBBBBBBBBBBBBBB',
      token,
      validFrom: '2026-11-27T00:00:00+01:00',
      validTo: '2026-11-27T13:00:00+01:00',
      usableUntil: null,
      journeysTotal: null,
      journeysLeft: null,
      activatable: false,
    });
    const carnet = walletTicket({ id: 12, name: 'Carnet 10 voyages' });
    const first = await openWallet(() => (online ? [pass, carnet] : 'unreachable'));
    await screen.findByRole('img', { name: /Code du titre Pass journée/ });
    first.unmount();
    queryClient.clear();
    online = false;
    // Offline after the pass's end.
    vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
    await renderApp('/account/wallet');
    await screen.findByText(/Vous êtes hors connexion/);
    const past = screen.getByRole('region', { name: 'Passés' });
    expect(within(past).getByRole('article', { name: 'Pass journée' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Code du titre Pass journée/ })).toBeNull();
    const current = screen.getByRole('region', { name: 'Valables maintenant' });
    expect(within(current).getByRole('article', { name: 'Carnet 10 voyages' })).toBeTruthy();
  });

  it('shows the kept copy at once while a slow network has not answered yet', async () => {
    const { publicJwk } = await deviceKey();
    const token = await passToken(await networkKey(), publicJwk, new Date());
    let slow = false;
    const ticket = walletTicket({ name: 'Pass mensuel', publicId: 'BBBBBBBBBBBBBBBBBBBBBB', token });
    const first = await openWallet(() => (slow ? 'silent' : [ticket]));
    await screen.findByRole('img', { name: /Code du titre Pass mensuel/ });
    first.unmount();
    queryClient.clear();
    slow = true;
    await renderApp('/account/wallet');
    expect(
      await screen.findByText(
        'Mise à jour… ces titres ont été synchronisés pour la dernière fois le 27 nov. 2026, 11:00.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('img', { name: /Code du titre Pass mensuel/ })).toBeTruthy();
    // Nothing is changed on a copy that may be stale.
    expect(screen.queryByRole('button', { name: /Activer/ })).toBeNull();
  });

  it("shows the backend's refusal rather than the kept copy", async () => {
    const ticket = walletTicket({ name: 'Pass mensuel' });
    let refuse = false;
    const first = await openWallet(() => (refuse ? 'refused' : [ticket]));
    await screen.findByRole('article', { name: 'Pass mensuel' });
    first.unmount();
    queryClient.clear();
    refuse = true;
    await renderApp('/account/wallet');
    expect(await screen.findByText('Ce titre est introuvable.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("names the attestation button by its visible text first, then the ticket's name", async () => {
    await openWallet([walletTicket({ name: 'Pass mensuel' })]);
    const button = await screen.findByRole('button', { name: 'Attestation (PDF) – Pass mensuel' });
    expect(button.textContent).toBe('Attestation (PDF)');
  });

  it('says where tickets come from when there is none, with a way to the shop', async () => {
    await openWallet([]);
    expect(await screen.findByText(/Vos titres s'affichent ici/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller à la boutique' }).getAttribute('href')).toBe('/');
  });

  it('the account page links to the wallet', async () => {
    await openAccountPage('/account', { signedInAs: fixtureUser() });
    // The page's own link, beside the header's.
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Mes titres' }).getAttribute('href'),
    ).toBe('/account/wallet');
  });
});

/** The grouped number as the page shows it: one left-to-right run in every language. */
const shownNumber = (grouped: string) => `\u2066${grouped}\u2069`;

/** A pass to load on the card 41 (2501 0000 1111 2222) of the traveller profile 90. */
function cardPass(fields: Partial<WalletTicket> = {}): WalletTicket {
  return walletTicket({
    id: 31,
    name: 'Pass mensuel',
    kind: 'PERIOD',
    traveller: { userId: 90, name: 'Tom Martin' },
    status: 'TO_LOAD',
    place: { delivery: 'CARD', mediaId: 41, cardNumber: '2501000011112222', loadedAt: null },
    validFrom: '2026-12-01T00:00:00+01:00',
    validTo: '2027-01-01T00:00:00+01:00',
    usableUntil: null,
    journeysTotal: null,
    journeysLeft: null,
    activatable: false,
    device: 'NONE',
    ...fields,
  });
}

/** The account's cards: the pass's own, two that can receive it, and four that cannot. */
// Tom Martin (90) is a traveller of Léa's account (7): his cards are paired with him.
const accountCards = [
  fixtureMedium({ id: 41, number: '2501000011112222', profileId: 90 }),
  fixtureMedium({ id: 42, number: '2501000033334444', profileId: 90 }),
  fixtureMedium({ id: 43, number: '2501000055556666', profileId: 90 }),
  fixtureMedium({ id: 44, number: '2501000077778888', status: 'BLOCKED', profileId: 90 }),
  fixtureMedium({ id: 45, number: '2501000099990000', state: 'EXPIRED', status: 'EXPIRED', profileId: 90 }),
  // Paired with another traveller of the account.
  fixtureMedium({ id: 46, number: '2501000012121212', profileId: 91 }),
  // Léa's own card, paired with nobody.
  fixtureMedium({ id: 47, number: '2501000013131313' }),
];

describe('contracts on a transport card', () => {
  it('say when a validation loaded them on the card, or that they wait for the next validation', async () => {
    await openWallet([
      cardPass(),
      cardPass({
        id: 32,
        name: 'Pass semaine',
        status: 'LOADED',
        place: {
          delivery: 'CARD',
          mediaId: 41,
          cardNumber: '2501000011112222',
          loadedAt: '2026-11-28T08:45:00+01:00',
        },
      }),
    ]);
    const waiting = await screen.findByRole('article', { name: 'Pass mensuel' });
    expect(
      within(waiting).getByText(
        `À charger sur votre carte ${shownNumber('2501 0000 1111 2222')} lors de votre prochaine validation`,
      ),
    ).toBeTruthy();
    // The network's clock: Europe/Paris.
    const loaded = screen.getByRole('article', { name: 'Pass semaine' });
    expect(
      within(loaded).getByText(
        `Chargé sur votre carte ${shownNumber('2501 0000 1111 2222')} le 28 nov. 2026, 08:45`,
      ),
    ).toBeTruthy();
  });

  it("moves to another of the customer's cards that can receive it, chosen in a dialog", async () => {
    const user = userEvent.setup();
    let movedTo: number | null = null;
    const { calls } = await openWallet(
      () => [
        movedTo === null
          ? cardPass()
          : cardPass({
              place: { delivery: 'CARD', mediaId: 43, cardNumber: '2501000055556666', loadedAt: null },
            }),
        // Over, or not on a card: nothing to move.
        cardPass({ id: 33, name: 'Pass octobre', phase: 'PAST' }),
        walletTicket({ id: 34, name: 'Carnet 10 voyages' }),
      ],
      {
        'Account/getMedias.json': () => ({ ok: { medias: accountCards } }),
        'wallet/transferContract': (payload) => {
          movedTo = Number(payload.mediaId);
          return {
            ok: {
              transfer: { id: 1, status: 'DONE', target: 'MEDIA' },
              ticket: cardPass({
                place: { delivery: 'CARD', mediaId: 43, cardNumber: '2501000055556666', loadedAt: null },
              }),
            },
          };
        },
      },
    );
    const pass = await screen.findByRole('article', { name: 'Pass mensuel' });
    expect(
      within(screen.getByRole('article', { name: 'Pass octobre' })).queryByRole('button', {
        name: 'Transférer sur une autre carte',
      }),
    ).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Carnet 10 voyages' })).queryByRole('button', {
        name: 'Transférer sur une autre carte',
      }),
    ).toBeNull();
    // The cards are read only once the customer asks.
    expect(payloadsAt(calls, 'Account/getMedias.json')).toHaveLength(0);

    await user.click(within(pass).getByRole('button', { name: 'Transférer sur une autre carte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer sur une autre carte' });
    await within(dialog).findByRole('radio', { name: shownNumber('2501 0000 3333 4444') });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([shownNumber('2501 0000 3333 4444'), shownNumber('2501 0000 5555 6666')]);
    expect(within(dialog).getByRole('radiogroup', { name: 'Vos autres cartes' })).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: shownNumber('2501 0000 5555 6666') }));
    await user.click(within(dialog).getByRole('button', { name: 'Transférer' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'wallet/transferContract')[0]).toMatchObject({
      ticketId: 31,
      target: 'MEDIA',
      mediaId: 43,
      lang: 'fr',
    });
    // The wallet is read again, and the move told in the ticket, where focus goes.
    await waitFor(() => expect(payloadsAt(calls, 'wallet/tickets')).toHaveLength(2));
    expect(within(pass).getByRole('status').textContent).toBe(
      `Le titre est maintenant sur votre carte ${shownNumber('2501 0000 5555 6666')} : il sera chargé lors de votre prochaine validation.`,
    );
    await waitFor(() =>
      expect(
        within(pass).getByText(
          `À charger sur votre carte ${shownNumber('2501 0000 5555 6666')} lors de votre prochaine validation`,
        ),
      ).toBeTruthy(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(within(pass).getByRole('heading', { name: 'Pass mensuel' })),
    );
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    const user = userEvent.setup();
    await openWallet([cardPass()], {
      'Account/getMedias.json': () => ({ ok: { medias: accountCards } }),
      'wallet/transferContract': () => ({ ko: { code: 'TRANSFER_NOT_ALLOWED' }, status: 409 }),
    });
    const pass = await screen.findByRole('article', { name: 'Pass mensuel' });
    await user.click(within(pass).getByRole('button', { name: 'Transférer sur une autre carte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer sur une autre carte' });
    // The first card is chosen until another is.
    const first = await within(dialog).findByRole('radio', { name: shownNumber('2501 0000 3333 4444') });
    expect((first as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Transférer' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ce titre ne peut pas être transféré là.',
    );
    expect(screen.getByRole('dialog', { name: 'Transférer sur une autre carte' })).toBeTruthy();
    // Nothing announced in the ticket, behind the dialog.
    expect(within(pass).getByRole('status', { hidden: true }).textContent).toBe('');
  });

  it('reads in English as the end-to-end tests drive it', async () => {
    const user = userEvent.setup();
    const { calls } = await openAccountPage('/en/account/wallet', {
      signedInAs: fixtureUser(),
      heading: 'My tickets',
      handlers: {
        'wallet/tickets': () => ({ ok: { tickets: [cardPass()], syncedAt: SYNCED_AT } }),
        'Account/getMedias.json': () => ({ ok: { medias: accountCards } }),
        'wallet/transferContract': () => ({
          ok: { transfer: { id: 1, status: 'DONE', target: 'MEDIA' }, ticket: cardPass() },
        }),
      },
    });
    const pass = await screen.findByRole('article', { name: 'Pass mensuel' });
    expect(
      within(pass).getByText(
        `To be loaded on your card ${shownNumber('2501 0000 1111 2222')} at your next validation`,
      ),
    ).toBeTruthy();
    await user.click(within(pass).getByRole('button', { name: 'Move to another card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another card' });
    await user.click(await within(dialog).findByRole('radio', { name: shownNumber('2501 0000 5555 6666') }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'wallet/transferContract')[0]).toMatchObject({ mediaId: 43, lang: 'en' });
    expect(within(pass).getByRole('status').textContent).toBe(
      `The ticket is now on your card ${shownNumber('2501 0000 5555 6666')}: it will be loaded at your next validation.`,
    );
  });

  it("offers the holder's own pass only the holder's cards, and a traveller's pass only that traveller's", async () => {
    const user = userEvent.setup();
    await openWallet(
      [
        cardPass({
          id: 35,
          name: 'Pass Léa',
          traveller: { userId: 7, name: 'Léa Martin' },
          place: { delivery: 'CARD', mediaId: 41, cardNumber: '2501000011112222', loadedAt: null },
        }),
      ],
      { 'Account/getMedias.json': () => ({ ok: { medias: accountCards } }) },
    );
    const pass = await screen.findByRole('article', { name: 'Pass Léa' });
    await user.click(within(pass).getByRole('button', { name: 'Transférer sur une autre carte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transférer sur une autre carte' });
    await within(dialog).findByRole('radio', { name: shownNumber('2501 0000 1313 1313') });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([shownNumber('2501 0000 1313 1313')]);
  });

  it('says when no other card can receive it, and leads to the transport cards page', async () => {
    const user = userEvent.setup();
    await openWallet([cardPass()], {
      'Account/getMedias.json': () => ({
        ok: { medias: accountCards.filter((card) => ![42, 43].includes(card.id)) },
      }),
    });
    const pass = await screen.findByRole('article', { name: 'Pass mensuel' });
    const opener = within(pass).getByRole('button', { name: 'Transférer sur une autre carte' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Transférer sur une autre carte' });
    expect(
      await within(dialog).findByText(/Aucune de vos autres cartes ne peut recevoir ce titre/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Transférer' })).toBeNull();
    expect(
      within(dialog).getByRole('link', { name: 'Gérer mes cartes de transport' }).getAttribute('href'),
    ).toBe('/account/transport-cards');
    // Escape closes it, and the keyboard goes on from the button that opened it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe("a guest order's tickets", () => {
  it('opens from the reference of the confirmation email, without a session', async () => {
    stubTenantService();
    const reference = 'R'.repeat(43);
    const { calls } = createTestSession({
      handlers: {
        'wallet/guestTickets': () => ({ ok: { tickets: [walletTicket()], syncedAt: SYNCED_AT } }),
      },
    });
    await renderApp(`/en/wallet/guest/${reference}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Your tickets' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Carnet 10 voyages' })).toBeTruthy();
    expect(calls.find((call) => call.path === 'wallet/guestTickets')?.payload).toMatchObject({ reference });
    // No account: neither attestation nor move.
    expect(screen.queryByRole('button', { name: /attestation/i })).toBeNull();
  });
});

describe("a guest order's printed pass and journeys", () => {
  it('shows the printed pass as its printed code, as is, and offers to activate a journey no phone holds yet', async () => {
    stubTenantService();
    const user = userEvent.setup();
    const printedToken = `${'p'.repeat(40)}.${'q'.repeat(80)}.${'r'.repeat(86)}`;
    const pass = walletTicket({
      id: 21,
      name: '24-hour pass',
      kind: 'PERIOD',
      device: 'NONE',
      token: printedToken,
      activatable: false,
      journeysTotal: null,
      journeysLeft: null,
      validFrom: '2026-11-27T10:00:00+01:00',
      validTo: '2026-11-28T10:00:00+01:00',
      usableUntil: null,
    });
    const journey = walletTicket({
      id: 22,
      name: 'Single ticket',
      device: 'NONE',
      token: null,
      traveller: { userId: 90, name: '' },
    });
    const { calls } = createTestSession({
      handlers: {
        'wallet/guestTickets': () => ({ ok: { tickets: [pass, journey], syncedAt: SYNCED_AT } }),
        'Ticket/punchGuestTicket.json': () => ({
          ok: { ticket: { ...journey, device: 'THIS' }, activatedAt: SYNCED_AT },
        }),
      },
    });
    await renderApp(`/en/wallet/guest/${'R'.repeat(43)}`);
    const printed = await screen.findByRole('article', { name: '24-hour pass' });
    const qr = within(printed).getByRole('img', { name: /Code of the ticket 24-hour pass/ });
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(printedToken).d);
    expect(within(printed).getByText(/the code on the ticket attached to your email/)).toBeTruthy();
    expect(within(printed).queryByRole('button', { name: /Activate/ })).toBeNull();

    const single = screen.getByRole('article', { name: 'Single ticket' });
    expect(within(single).queryByRole('img')).toBeNull();
    // A guest who gave no name: no empty traveller line.
    expect(within(single).queryByText(/Traveller/)).toBeNull();
    expect(within(printed).getByText('Traveller: Léa Martin')).toBeTruthy();
    await user.click(within(single).getByRole('button', { name: /^Activate the ticket/ }));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(payloadsAt(calls, 'Ticket/punchGuestTicket.json')).toHaveLength(1));
    expect(payloadsAt(calls, 'Ticket/punchGuestTicket.json')[0]).toMatchObject({ ticketId: 22 });
  });
});

describe('a ticket that starts when activated', () => {
  it("says why a guest's journey shows no code until it is activated; a pass says nothing of it", async () => {
    stubTenantService();
    const journey = walletTicket({ id: 22, name: 'Single ticket', device: 'NONE', token: null });
    const pass = walletTicket({
      id: 21,
      name: '24-hour pass',
      kind: 'PERIOD',
      device: 'NONE',
      token: `${'p'.repeat(40)}.${'q'.repeat(80)}.${'r'.repeat(86)}`,
      activatable: false,
      journeysTotal: null,
      journeysLeft: null,
      validFrom: '2026-11-27T09:00:00.000Z',
      validTo: '2026-11-28T09:00:00.000Z',
      usableUntil: null,
    });
    createTestSession({
      handlers: { 'wallet/guestTickets': () => ({ ok: { tickets: [journey, pass], syncedAt: SYNCED_AT } }) },
    });
    await renderApp(`/en/wallet/guest/${'R'.repeat(43)}`);
    const single = await screen.findByRole('article', { name: 'Single ticket' });
    expect(within(single).queryByRole('img')).toBeNull();
    expect(
      within(single).getByText(
        'Its code shows here once you activate it: its validity starts at activation, and only the phone that activates it shows the code. Activate it on the phone you travel with, just before you board.',
      ),
    ).toBeTruthy();
    const printed = screen.getByRole('article', { name: '24-hour pass' });
    expect(within(printed).queryByText(/activat/i)).toBeNull();
  });
});

describe('the code shown', () => {
  it('is the ticket and a device proof that verifies with the network keys, made again every 10 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    const { publicJwk } = await deviceKey();
    const key = await networkKey();
    const token = await passToken(key, publicJwk, new Date());
    const signing = vi.spyOn(crypto.subtle, 'sign');
    const { result, unmount } = renderHook(() => useTicketCode(token, 'BBBBBBBBBBBBBBBBBBBBBB'));
    await vi.waitFor(() => expect(result.current.code).not.toBeNull());
    const first = String(result.current.code);
    expect(first.startsWith(`${token}~`)).toBe(true);
    expect(await verifyTicketCode(first, { keys: key.keys, now: new Date() })).toMatchObject({ valid: true });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await vi.waitFor(() => expect(result.current.code).not.toBe(first));
    const second = String(result.current.code);
    expect(second.startsWith(`${token}~`)).toBe(true);
    expect(proofSecondsOf(second)).toBe(proofSecondsOf(first) + 10);
    expect(await verifyTicketCode(second, { keys: key.keys, now: new Date() })).toMatchObject({
      valid: true,
    });
    // Gone from the screen, the code is no longer made.
    unmount();
    const signed = signing.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(signing.mock.calls.length).toBe(signed);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says when the code cannot be made on this phone, rather than preparing it forever', async () => {
    const sign = crypto.subtle.sign.bind(crypto.subtle);
    // The device key refuses to sign; other signatures (the session's) still work.
    vi.spyOn(crypto.subtle, 'sign').mockImplementation((algorithm, key, data) =>
      typeof algorithm === 'object' && algorithm.name === 'ECDSA'
        ? Promise.reject(new DOMException('The key cannot sign', 'InvalidAccessError'))
        : sign(algorithm, key, data),
    );
    await openWallet([walletTicket({ name: 'Pass mensuel', token: 'header.payload.signature' })]);
    const card = await screen.findByRole('article', { name: 'Pass mensuel' });
    expect(
      await within(card).findByText(
        "Le code n'a pas pu être préparé sur ce téléphone. Rechargez la page pour réessayer.",
      ),
    ).toBeTruthy();
    expect(within(card).queryByText('Préparation du code…')).toBeNull();
  });

  it('counts an activation down each second, and says once when it ends', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    const onEnd = vi.fn();
    await renderWithApp(<Countdown until="2026-11-27T10:01:30.000Z" onEnd={onEnd} />);
    expect(screen.getByRole('timer').textContent).toBe('Encore valable 1:30');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('Encore valable 1:29');
    act(() => vi.advanceTimersByTime(89_000));
    expect(screen.queryByRole('timer')).toBeNull();
    act(() => vi.advanceTimersByTime(5000));
    // The wallet is asked again once, when the activation ends.
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it("counts a carnet's next journey anew after the first window ended, and stops its clock at each end", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00.000Z'));
    const onEnd = vi.fn();
    let showWindow: (until: string) => void = () => {};
    function CarnetCountdown() {
      const [until, setUntil] = useState('2026-11-27T10:00:05.000Z');
      showWindow = setUntil;
      return <Countdown until={until} onEnd={onEnd} />;
    }
    await renderWithApp(<CarnetCountdown />);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
    // The second journey, activated once the first window is over.
    act(() => vi.advanceTimersByTime(60_000));
    act(() => showWindow('2026-11-27T10:01:10.000Z'));
    expect(screen.getByRole('timer').textContent).toBe('Encore valable 0:05');
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('timer')).toBeNull();
    expect(onEnd).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
