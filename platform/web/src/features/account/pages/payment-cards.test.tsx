import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedPaymentMethodAnswer } from '@transit-shop/sdk/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.tsx';
import { isolatedLtr } from '../../../lib/saved-methods.ts';
import { descriptionOf, openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import { savedBankAccount, savedMethod } from '../../../test/fixtures/saved-methods.ts';
import { fixtureUser, type Handler } from '../../../test/session.ts';

const visa = savedMethod({});
const mastercard = savedMethod({
  id: 32,
  label: '•••• •••• •••• 5454 · 01/27',
  brand: 'mastercard',
  last4: '5454',
  expMonth: 1,
  expYear: 2027,
  isBookmarked: false,
});
const account = savedBankAccount;

const TITLE = 'Mes moyens de paiement';
const cards = (list: SavedPaymentMethodAnswer[]) => ({ ok: { cards: list } });

function openPaymentCards(list: SavedPaymentMethodAnswer[], handlers: Record<string, Handler> = {}) {
  return openAccountPage('/account/payment-cards', {
    signedInAs: fixtureUser(),
    heading: TITLE,
    handlers: { 'Account/getCards.json': () => cards(list), ...handlers },
  });
}

/** The list item of a method, found by its last four. */
const itemOf = (last4: string) =>
  screen.getAllByRole('listitem').find((item) => item.textContent?.includes(last4)) as HTMLElement;
const bookmarkOf = (method: SavedPaymentMethodAnswer) =>
  screen.getByRole('button', { name: `Mettre en favori ${isolatedLtr(method.label)}` });
const removeOf = (method: SavedPaymentMethodAnswer) =>
  screen.getByRole('button', { name: `Supprimer ${isolatedLtr(method.label)}` });

describe('the payment methods page', () => {
  it('PM-01 a card shows its number grouped by 4 with its expiry, its network, and whether it is bookmarked or locked', async () => {
    const locked = { ...mastercard, usedForInstalments: true, locked: true };
    const { calls } = await openPaymentCards([visa, locked]);
    const section = within(await screen.findByRole('region', { name: 'Cartes' }));
    const first = within(itemOf('4242'));
    expect(first.getByText(isolatedLtr('•••• •••• •••• 4242 · 12/30'))).toBeTruthy();
    expect(first.getByText('Visa')).toBeTruthy();
    expect(first.getByText('Favori')).toBeTruthy();
    expect(first.queryByText('Suppression bloquée')).toBeNull();
    expect(removeOf(visa)).toHaveProperty('disabled', false);

    const second = within(itemOf('5454'));
    expect(second.getByText('Mastercard')).toBeTruthy();
    expect(second.queryByText('Favori')).toBeNull();
    expect(second.getByText('Suppression bloquée')).toBeTruthy();
    // The reason is written, not only announced: a disabled button takes no focus.
    const reason =
      "Des échéances restent à payer avec ce moyen : vous pourrez le supprimer une fois qu'elles seront réglées.";
    expect(second.getByText(reason)).toBeTruthy();
    const remove = removeOf(locked);
    expect(remove).toHaveProperty('disabled', true);
    expect(descriptionOf(remove)?.replace(/\s+/g, ' ')).toBe(reason);

    expect(section.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('region', { name: 'Comptes bancaires' })).toBeNull();
    expect(calls.find((call) => call.path === 'Account/getCards.json')).toMatchObject({
      method: 'GET',
      signed: true,
      payload: { userToken: 'token-7' },
    });
  });

  it('PM-01 a method a tacit subscription renews on says so, and why it cannot be removed', async () => {
    const renewing = { ...visa, usedForSubscriptions: true, locked: true };
    const both = { ...mastercard, usedForSubscriptions: true, usedForInstalments: true, locked: true };
    await openPaymentCards([renewing, both]);
    await screen.findByRole('region', { name: 'Cartes' });
    const first = within(itemOf('4242'));
    expect(first.getByText('Utilisé pour un abonnement')).toBeTruthy();
    const reason =
      'Un abonnement est renouvelé sur ce moyen\u202f: vous pourrez le supprimer une fois l’abonnement passé sur un autre moyen ou résilié.';
    expect(removeOf(renewing)).toHaveProperty('disabled', true);
    expect(descriptionOf(removeOf(renewing))).toBe(reason);
    expect(within(itemOf('5454')).getByText('Utilisé pour un abonnement')).toBeTruthy();
    expect(descriptionOf(removeOf(both))).toMatch(
      /^Des échéances restent à payer avec ce moyen et un abonnement/,
    );
  });

  it('PM-01 a bank account shows its IBAN under Bank accounts, without a card network', async () => {
    await openPaymentCards([visa, account]);
    const accounts = within(await screen.findByRole('region', { name: 'Comptes bancaires' }));
    const [item] = accounts.getAllByRole('listitem');
    expect(item?.textContent).toContain(isolatedLtr('IBAN •••• 0189'));
    expect(within(screen.getByRole('region', { name: 'Cartes' })).queryByText(/0189/)).toBeNull();
    expect(within(item as HTMLElement).queryByText('Visa')).toBeNull();
    expect(removeOf(account)).toBeTruthy();
  });

  it('PM-02 an expired method and one expiring soon say so, in the error and warning colours', async () => {
    const expired = savedMethod({
      id: 34,
      label: '•••• •••• •••• 1111 · 10/26',
      last4: '1111',
      expired: true,
    });
    const expiring = { ...account, expiringSoon: true };
    await openPaymentCards([visa, expired, expiring]);
    await screen.findByRole('region', { name: 'Cartes' });
    const expiredChip = within(itemOf('1111')).getByText('A expiré').closest('.MuiChip-root');
    expect(expiredChip?.className).toMatch(/MuiChip-colorError/);
    const soonChip = within(itemOf('0189')).getByText('Expire bientôt').closest('.MuiChip-root');
    expect(soonChip?.className).toMatch(/MuiChip-colorWarning/);
    expect(within(itemOf('4242')).queryByText(/expir/i)).toBeNull();
  });

  it('PM-03 bookmarking a card sends setCardBookmark with its id, and the star moves as answered', async () => {
    const user = userEvent.setup();
    const { calls } = await openPaymentCards([visa, mastercard], {
      'account/setCardBookmark': () =>
        cards([
          { ...mastercard, isBookmarked: true },
          { ...visa, isBookmarked: false },
        ]),
    });
    await screen.findByRole('region', { name: 'Cartes' });
    expect(bookmarkOf(mastercard).getAttribute('aria-pressed')).toBe('false');
    await user.click(bookmarkOf(mastercard));

    await waitFor(() => expect(bookmarkOf(mastercard).getAttribute('aria-pressed')).toBe('true'));
    expect(bookmarkOf(visa).getAttribute('aria-pressed')).toBe('false');
    expect(within(itemOf('5454')).getByText('Favori')).toBeTruthy();
    expect(within(itemOf('4242')).queryByText('Favori')).toBeNull();
    // The answer's order: the bookmarked method first.
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('5454');
    expect(payloadsAt(calls, 'account/setCardBookmark')).toEqual([{ cardId: 32, userId: 7 }]);
    expect(calls.find((call) => call.path === 'account/setCardBookmark')).toMatchObject({
      method: 'PUT',
      signed: true,
    });
    // The one list of the customer's methods, the checkout's too, is the answered one.
    expect(
      queryClient.getQueryData<{ id: number }[]>(['saved-payment-methods', 7])?.map((method) => method.id),
    ).toEqual([mastercard.id, visa.id]);
  });

  it('PM-03 unbookmarking the bookmarked card sends removeCardBookmark with its id', async () => {
    const user = userEvent.setup();
    const { calls } = await openPaymentCards([visa, mastercard], {
      'account/removeCardBookmark': () => cards([{ ...visa, isBookmarked: false }, mastercard]),
    });
    await screen.findByRole('region', { name: 'Cartes' });
    expect(bookmarkOf(visa).getAttribute('aria-pressed')).toBe('true');
    await user.click(bookmarkOf(visa));
    await waitFor(() => expect(bookmarkOf(visa).getAttribute('aria-pressed')).toBe('false'));
    expect(screen.queryByText('Favori')).toBeNull();
    expect(payloadsAt(calls, 'account/removeCardBookmark')).toEqual([{ cardId: 31, userId: 7 }]);
    expect(payloadsAt(calls, 'account/setCardBookmark')).toEqual([]);
  });

  it('PM-03 Remove asks for a confirmation: Cancel sends nothing, Remove sends unregisterCard and the method goes', async () => {
    const user = userEvent.setup();
    const { calls } = await openPaymentCards([visa, mastercard], {
      'Account/unregisterCard.json': () => cards([visa]),
    });
    await screen.findByRole('region', { name: 'Cartes' });
    await user.click(removeOf(mastercard));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer ce moyen de paiement ?' });
    expect(within(dialog).getByText(/ne vous sera plus proposé au paiement/).textContent).toContain(
      isolatedLtr(mastercard.label),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/unregisterCard.json')).toEqual([]);
    expect(itemOf('5454')).toBeTruthy();

    await user.click(removeOf(mastercard));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(itemOf('5454')).toBeUndefined());
    expect(screen.getByRole('status').textContent).toBe(
      `Le moyen de paiement ${isolatedLtr(mastercard.label)} a été supprimé.`,
    );
    expect(payloadsAt(calls, 'Account/unregisterCard.json')).toEqual([{ cardId: 32 }]);
    expect(calls.find((call) => call.path === 'Account/unregisterCard.json')).toMatchObject({
      method: 'POST',
      signed: true,
    });
  });

  it('PM-03 a refused removal (SAVED_METHOD_LOCKED) says why, and the list read again shows the method locked', async () => {
    const user = userEvent.setup();
    let reads = 0;
    const { i18n } = await openPaymentCards([], {
      'Account/getCards.json': () => {
        reads += 1;
        return cards(reads === 1 ? [visa] : [{ ...visa, usedForInstalments: true, locked: true }]);
      },
      'Account/unregisterCard.json': () => ({ ko: { code: 'SAVED_METHOD_LOCKED' }, status: 409 }),
    });
    await screen.findByRole('region', { name: 'Cartes' });
    await user.click(removeOf(visa));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('apiErrors.SAVED_METHOD_LOCKED'));
    await waitFor(() => expect(removeOf(visa)).toHaveProperty('disabled', true));
    expect(within(itemOf('4242')).getByText('Suppression bloquée')).toBeTruthy();
    expect(reads).toBe(2);
  });

  it('PM-01 without any saved method the page says how one is saved', async () => {
    await openAccountPage('/en/account/payment-cards', {
      signedInAs: fixtureUser(),
      heading: 'My payment methods',
      handlers: { 'Account/getCards.json': () => cards([]) },
    });
    expect(
      await screen.findByText(
        'No saved payment method: one is saved when you pay and tick “Save this payment method for my next purchases”.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cards' })).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('PM-03 the keyboard reaches each control in turn and operates the bookmark and the removal', async () => {
    const user = userEvent.setup();
    const unbookmarked = { ...visa, isBookmarked: false };
    const { calls } = await openPaymentCards([visa, mastercard], {
      // Without a bookmarked method, the newest comes first.
      'account/removeCardBookmark': () => cards([mastercard, unbookmarked]),
      'Account/unregisterCard.json': () => cards([mastercard]),
    });
    await screen.findByRole('region', { name: 'Cartes' });
    bookmarkOf(visa).focus();
    await user.tab();
    expect(document.activeElement).toBe(removeOf(visa));
    await user.tab();
    expect(document.activeElement).toBe(bookmarkOf(mastercard));
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(bookmarkOf(visa));

    await user.keyboard(' ');
    await waitFor(() => expect(bookmarkOf(visa).getAttribute('aria-pressed')).toBe('false'));
    expect(payloadsAt(calls, 'account/removeCardBookmark')).toEqual([{ cardId: 31, userId: 7 }]);
    expect(screen.getAllByRole('listitem')[0]?.textContent).toContain('5454');
    // Moved down the list, the button keeps the focus.
    expect(document.activeElement).toBe(bookmarkOf(visa));

    await user.tab();
    expect(document.activeElement).toBe(removeOf(visa));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Annuler' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(removeOf(visa));
    expect(payloadsAt(calls, 'Account/unregisterCard.json')).toEqual([]);

    await user.keyboard('{Enter}');
    await user.tab();
    expect(document.activeElement).toBe(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Supprimer' }),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(payloadsAt(calls, 'Account/unregisterCard.json')).toEqual([{ cardId: 31 }]);
    // The removed method's controls are gone: the focus is on the message saying so.
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe(
        `Le moyen de paiement ${isolatedLtr(visa.label)} a été supprimé.`,
      ),
    );
  });

  it('PM-01 in Arabic the page reads right to left, and each number stays one left-to-right run', async () => {
    await openAccountPage('/ar/account/payment-cards', {
      signedInAs: fixtureUser(),
      heading: 'وسائل الدفع الخاصة بي',
      handlers: { 'Account/getCards.json': () => cards([visa, account]) },
    });
    await screen.findByRole('region', { name: 'البطاقات' });
    const item = itemOf('4242');
    expect(item.className).toMatch(/\bmui-rtl-/);
    expect(within(item).getByText(/4242/).textContent).toBe('\u2066•••• •••• •••• 4242 · 12/30\u2069');
    expect(within(itemOf('0189')).getByText(/0189/).textContent).toBe('\u2066IBAN •••• 0189\u2069');
    expect(
      within(item)
        .getByRole('button', { name: `تعيين كمفضّلة ${isolatedLtr(visa.label)}` })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('the account page links to the payment methods', async () => {
    await openAccountPage('/account', { signedInAs: fixtureUser() });
    const link = screen.getByRole('link', { name: TITLE });
    expect(link.getAttribute('href')).toBe('/account/payment-cards');
  });
});
