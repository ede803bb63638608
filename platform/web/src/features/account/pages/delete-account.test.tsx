import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSessionStatus } from '../../../lib/session/session-status.ts';
import { openAccountPage } from '../../../test/account-session.ts';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../../test/render.tsx';
import { fixtureUser, stubTenantService } from '../../../test/session.ts';

const receipt = {
  deletionRequestedAt: '2026-12-01T10:00:00.000Z',
  deletionEffectiveAt: '2026-12-31T10:00:00.000Z',
};

const openDeletion = (handlers = {}) =>
  openAccountPage('/account/delete', {
    signedInAs: fixtureUser(),
    heading: 'Supprimer mon compte',
    handlers,
  });

describe('the account deletion', () => {
  it('ACC-06 explains the 30-day withdrawal period, then, confirmed by keyboard alone, requests it, logs out and says when it becomes final', async () => {
    const user = userEvent.setup();
    const { calls, router } = await openDeletion({ 'Account/requestDeletion': () => ({ ok: receipt }) });
    expect(screen.getByText(/délai de rétractation de 30 jours/)).toBeTruthy();
    expect(screen.getByText(/il suffit de vous reconnecter pour réactiver votre compte/)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Demander la suppression' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    const confirmation = screen.getByRole('checkbox', {
      name: /Je comprends que mon compte sera définitivement supprimé/,
    });
    confirmation.focus();
    await user.keyboard(' ');
    expect(submit.disabled).toBe(false);
    await user.tab();
    expect(document.activeElement).toBe(submit);
    await user.keyboard('{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Votre demande de suppression est enregistrée' });
    expect(router.state.location.pathname).toBe('/deletion/success');
    expect(screen.getByText('Votre compte sera définitivement supprimé le 31 décembre 2026.')).toBeTruthy();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Se connecter' }).getAttribute('href'),
    ).toBe('/auth');
    // Signed out: the header offers to log in again.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Se connecter' })).toBeTruthy();
    const paths = calls.map((call) => call.path);
    expect(paths.indexOf('Account/requestDeletion')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('Account/logout.json')).toBeGreaterThan(paths.indexOf('Account/requestDeletion'));
    expect(readSessionStatus()).toBe('signedOut');
  });

  it('ACC-08 a tacit subscription blocks the deletion: its message, then the way to the subscriptions, the traveller still signed in', async () => {
    const user = userEvent.setup();
    const bootstrap = fixtureBootstrap();
    bootstrap.network.configuration.has_subscriptions = true;
    const { calls, i18n, router } = await openAccountPage('/account/delete', {
      signedInAs: fixtureUser(),
      heading: 'Supprimer mon compte',
      bootstrap,
      handlers: {
        'Account/requestDeletion': () => ({ ko: { code: 'DELETION_BLOCKED_BY_SUBSCRIPTION' }, status: 409 }),
        'Subscriptions/list': () => ({ ok: { subscriptions: [] } }),
      },
    });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Demander la suppression' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      i18n.t('apiErrors.DELETION_BLOCKED_BY_SUBSCRIPTION'),
    );
    expect(screen.getByText(/Résiliez d’abord vos abonnements/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Demander la suppression' })).toBeNull();
    expect(calls.map((call) => call.path)).not.toContain('Account/logout.json');
    expect(readSessionStatus()).toBe('loggedIn');

    const link = screen.getByRole('link', { name: 'Voir mes abonnements' });
    expect(link.getAttribute('href')).toBe('/account/tacit');
    await user.click(link);
    await screen.findByRole('heading', { level: 1, name: 'Mes abonnements' });
    expect(router.state.location.pathname).toBe('/account/tacit');
  });

  it('ACC-06 a request that failed says so and can be sent again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = await openDeletion({
      'Account/requestDeletion': () =>
        fail ? { ko: { code: 'ERR_RESPONSE_ERROR' }, status: 500 } : { ok: receipt },
    });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Demander la suppression' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^La demande de suppression n'a pas pu être envoyée/,
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Demander la suppression' }));
    await screen.findByRole('heading', { level: 1, name: 'Votre demande de suppression est enregistrée' });
    expect(calls.filter((call) => call.path === 'Account/requestDeletion')).toHaveLength(2);
  });

  it('ACC-07 the success page opened on its own still says the deletion becomes final after 30 days', async () => {
    stubTenantService();
    await renderApp('/en/deletion/success');
    await screen.findByRole('heading', { level: 1, name: 'Your deletion request has been recorded' });
    expect(screen.getByText('Your account will be permanently deleted in 30 days.')).toBeTruthy();
    expect(
      screen.getByText(/Sign in again with your email address and password before that date/),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' }).getAttribute('href'),
      ).toBe('/en/auth'),
    );
  });
});
