import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { LinkedIdentityDetails } from '@transit-shop/sdk/contract/authentication';
import type { Bootstrap } from '@transit-shop/tenancy';
import { describe, expect, it, vi } from 'vitest';
import { providerPage } from '../../../lib/provider-page.ts';
import { openAccountPage, payloadsAt } from '../../../test/account-session.ts';
import {
  bootstrapWithProviders,
  franceConnectProvider,
  keycloakProvider,
} from '../../../test/fixtures/bootstrap.ts';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  type Handler,
  stubTenantService,
} from '../../../test/session.ts';

const bothProviders = bootstrapWithProviders([keycloakProvider, franceConnectProvider]);
const AUTHORIZATION_URL = 'https://identity.example/authorize?state=state-0123456789abcdef';
const TOKEN = 'provider-token-0123456789abcdef';

const identityAt = (
  provider: typeof keycloakProvider,
  linkedAt = '2026-03-03T09:30:00.000Z',
): LinkedIdentityDetails => ({
  providerId: provider.id,
  driver: provider.driver,
  name: provider.name,
  linkedAt,
});

const linkedTo = (...providers: (typeof keycloakProvider)[]) =>
  fixtureUser({ identities: providers.map((provider) => ({ providerId: provider.id })) });

/** The provider calls of the fake backend: the account's identities, an attempt, a code, a link. */
function providerHandlers(options: {
  identities?: LinkedIdentityDetails[];
  exchanged?: typeof keycloakProvider;
  linked?: LinkedIdentityDetails[];
}): Record<string, Handler> {
  const exchanged = options.exchanged ?? franceConnectProvider;
  return {
    'account/identities': () => ({ ok: { identities: options.identities ?? [] } }),
    'authentication/authorizationState': () => ({
      ok: { state: 'state-0123456789abcdef', authorizationUrl: AUTHORIZATION_URL },
    }),
    'authentication/exchangeAuthorizationCode': () => ({
      ok: {
        authProviderToken: TOKEN,
        authProviderId: exchanged.id,
        driver: exchanged.driver,
        expiresIn: 600,
        linked: false,
      },
    }),
    'account/createIdentity': () => ({ ok: { identities: options.linked ?? [identityAt(exchanged)] } }),
  };
}

async function openAccount(
  path: string,
  user: AuthUser,
  handlers: Record<string, Handler>,
  options: { bootstrap?: Bootstrap; heading?: string } = {},
) {
  const leave = vi.spyOn(providerPage, 'open').mockImplementation(() => {});
  const page = await openAccountPage(path, {
    signedInAs: user,
    bootstrap: options.bootstrap ?? bothProviders,
    handlers,
    ...(options.heading ? { heading: options.heading } : {}),
  });
  return { ...page, leave, user: userEvent.setup() };
}

const methods = () => screen.getByRole('region', { name: 'Modes de connexion' });
const returnUri = (path: string) => new URL(path, window.location.origin).href;

describe('the sign-in methods of the account page', () => {
  it('lists the network’s providers, each linked or not and since when, in the page’s language', async () => {
    await openAccount(
      '/account',
      linkedTo(keycloakProvider),
      providerHandlers({ identities: [identityAt(keycloakProvider)] }),
    );
    const section = methods();
    const [keycloak, franceConnect] = await within(section).findAllByRole('listitem');
    expect(within(keycloak as HTMLElement).getByText('Compte Harbour')).toBeTruthy();
    within(keycloak as HTMLElement).getByText('Associé le 3 mars 2026');
    within(franceConnect as HTMLElement).getByText('FranceConnect');
    within(franceConnect as HTMLElement).getByText('Non associé');
    const contents = screen.getByRole('navigation', { name: 'Sur cette page' });
    expect(within(contents).getByRole('link', { name: 'Modes de connexion' }).getAttribute('href')).toBe(
      '#identities',
    );
  });

  it('says the day in English on the English page', async () => {
    await openAccount(
      '/en/account',
      linkedTo(keycloakProvider),
      providerHandlers({ identities: [identityAt(keycloakProvider)] }),
      { heading: 'My account' },
    );
    const section = screen.getByRole('region', { name: 'Sign-in methods' });
    await within(section).findByText('Linked on March 3, 2026');
    within(section).getByText('Not linked');
  });

  it('links a provider from the keyboard: the browser goes to it, to come back to /account/identity/add', async () => {
    const { user, calls, leave } = await openAccount(
      '/account',
      linkedTo(keycloakProvider),
      providerHandlers({
        identities: [identityAt(keycloakProvider)],
      }),
    );
    const link = await within(methods()).findByRole('button', {
      name: 'Associer FranceConnect à mon compte',
    });
    act(() => link.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(leave).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(payloadsAt(calls, 'authentication/authorizationState')).toEqual([
      {
        networkId: 7,
        authProviderId: franceConnectProvider.id,
        redirectUri: returnUri('/account/identity/add'),
      },
    ]);
    expect((link as HTMLButtonElement).disabled).toBe(true);
  });

  it('replaces a linked identity through /account/identity/replace; FranceConnect is unlinked on its own page, the network’s Keycloak never', async () => {
    const { user, calls, leave } = await openAccount(
      '/account',
      linkedTo(keycloakProvider, franceConnectProvider),
      providerHandlers({ identities: [identityAt(keycloakProvider), identityAt(franceConnectProvider)] }),
    );
    const section = methods();
    const unlink = await within(section).findByRole('link', { name: 'Dissocier FranceConnect' });
    expect(unlink.getAttribute('href')).toBe('/auth/fc/delete-identity');
    expect(within(section).queryByRole('link', { name: 'Dissocier Compte Harbour' })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Associer/ })).toBeNull();
    within(section).getByText(
      'Le mode de connexion principal du réseau : il peut être remplacé, pas dissocié.',
    );
    within(section).getByRole('button', { name: 'Remplacer mon identité FranceConnect' });

    await user.click(within(section).getByRole('button', { name: 'Remplacer mon identité Compte Harbour' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(payloadsAt(calls, 'authentication/authorizationState')).toEqual([
      {
        networkId: 7,
        authProviderId: keycloakProvider.id,
        redirectUri: returnUri('/account/identity/replace'),
      },
    ]);
  });

  it('without an identity at the default provider, nothing is offered to replace (the replace page would not open)', async () => {
    await openAccount(
      '/account',
      linkedTo(franceConnectProvider),
      providerHandlers({ identities: [identityAt(franceConnectProvider)] }),
    );
    const section = methods();
    await within(section).findByRole('link', { name: 'Dissocier FranceConnect' });
    within(section).getByRole('button', { name: 'Associer Compte Harbour à mon compte' });
    expect(within(section).queryByRole('button', { name: /Remplacer/ })).toBeNull();
  });

  it('IDP-04 a provider that cannot be reached is said, and the browser stays', async () => {
    const { user, leave, i18n } = await openAccount('/account', linkedTo(keycloakProvider), {
      ...providerHandlers({ identities: [identityAt(keycloakProvider)] }),
      'authentication/authorizationState': () => ({
        ko: { code: 'IDENTITY_PROVIDER_UNAVAILABLE' },
        status: 502,
      }),
    });
    const section = methods();
    await user.click(
      await within(section).findByRole('button', { name: 'Associer FranceConnect à mon compte' }),
    );
    expect((await within(section).findByRole('alert')).textContent).toBe(
      i18n.t('apiErrors.IDENTITY_PROVIDER_UNAVAILABLE'),
    );
    expect(leave).not.toHaveBeenCalled();
    expect(
      (
        within(section).getByRole('button', {
          name: 'Associer FranceConnect à mon compte',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(false);
  });

  it('IDP-05 a FranceConnect identity on a network without a FranceConnect provider says there is none, with nothing to do', async () => {
    await openAccount(
      '/account',
      linkedTo(keycloakProvider),
      providerHandlers({ identities: [identityAt(keycloakProvider), identityAt(franceConnectProvider)] }),
      { bootstrap: bootstrapWithProviders([keycloakProvider]) },
    );
    const section = methods();
    await within(section).findByText("FranceConnect n'est pas proposé sur ce réseau.");
    const franceConnect = within(section).getAllByRole('listitem')[1] as HTMLElement;
    within(franceConnect).getByText('FranceConnect');
    within(franceConnect).getByText('Ce réseau ne le propose plus.');
    expect(within(franceConnect).queryByRole('button')).toBeNull();
    expect(within(franceConnect).queryByRole('link')).toBeNull();
  });

  it('a network that signs nobody in through a provider shows no sign-in methods', async () => {
    const { calls } = await openAccount(
      '/account',
      fixtureUser(),
      {},
      { bootstrap: bootstrapWithProviders([]) },
    );
    expect(screen.queryByRole('region', { name: 'Modes de connexion' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Modes de connexion' })).toBeNull();
    expect(calledPaths(calls)).not.toContain('account/identities');
  });
});

describe('the link and replace pages', () => {
  it('a code back from the provider is exchanged and the identity linked; the account page says so and lists it', async () => {
    const { calls, router } = await openAccount(
      '/account/identity/add?code=code-1&state=state-1',
      linkedTo(keycloakProvider),
      providerHandlers({
        identities: [identityAt(keycloakProvider)],
        linked: [identityAt(keycloakProvider), identityAt(franceConnectProvider, '2026-04-10T08:00:00.000Z')],
      }),
    );
    expect(router.state.location.pathname).toBe('/account');
    const section = methods();
    expect(within(section).getByRole('status').textContent).toBe(
      'FranceConnect est maintenant associé à votre compte.',
    );
    within(section).getByText('Associé le 10 avril 2026');
    expect(payloadsAt(calls, 'authentication/exchangeAuthorizationCode')).toEqual([
      { code: 'code-1', state: 'state-1' },
    ]);
    expect(payloadsAt(calls, 'account/createIdentity')).toEqual([
      { userId: 7, networkId: 7, authProviderToken: TOKEN },
    ]);
  });

  it('the replace page puts the new identity in place of the linked one and says so', async () => {
    const { calls, router } = await openAccount(
      '/en/account/identity/replace?code=code-2&state=state-2',
      linkedTo(keycloakProvider),
      providerHandlers({ identities: [identityAt(keycloakProvider)], exchanged: keycloakProvider }),
      { heading: 'My account' },
    );
    expect(router.state.location.pathname).toBe('/en/account');
    const section = screen.getByRole('region', { name: 'Sign-in methods' });
    expect(within(section).getByRole('status').textContent).toBe(
      'Your Compte Harbour identity has been replaced.',
    );
    expect(payloadsAt(calls, 'account/createIdentity')).toEqual([
      { userId: 7, networkId: 7, authProviderToken: TOKEN, replace: true },
    ]);
  });

  it('IDP-04 each refusal of the link is said in the page’s language; the code leaves the address and the provider can be tried again', async () => {
    const refusals = [
      ['authentication/exchangeAuthorizationCode', 'AUTHORIZATION_STATE_INVALID', 400],
      ['authentication/exchangeAuthorizationCode', 'IDENTITY_TOKEN_INVALID', 401],
      ['authentication/exchangeAuthorizationCode', 'IDENTITY_PROVIDER_UNAVAILABLE', 502],
      ['account/createIdentity', 'IDENTITY_ALREADY_LINKED', 409],
      ['account/createIdentity', 'IDENTITY_PROVIDER_ALREADY_LINKED', 409],
    ] as const;
    for (const [path, code, status] of refusals) {
      const { router, unmount, i18n, calls } = await openAccount(
        '/account/identity/add?code=code-3&state=state-3',
        linkedTo(keycloakProvider),
        { ...providerHandlers({}), [path]: () => ({ ko: { code }, status }) },
        { heading: 'Associer un mode de connexion' },
      );
      expect((await screen.findByRole('alert')).textContent, code).toBe(i18n.t(`apiErrors.${code}`));
      expect(router.state.location.search, code).toBe('');
      screen.getByRole('button', { name: 'Continuer avec FranceConnect' });
      expect(payloadsAt(calls, 'authentication/exchangeAuthorizationCode'), code).toHaveLength(1);
      unmount();
    }
  });

  it('IDP-04 replacing an identity the account does not have says so', async () => {
    const { i18n } = await openAccount(
      '/account/identity/replace?code=code-4&state=state-4',
      linkedTo(keycloakProvider),
      {
        ...providerHandlers({ exchanged: franceConnectProvider }),
        'account/createIdentity': () => ({ ko: { code: 'IDENTITY_NOT_LINKED' }, status: 404 }),
      },
      { heading: 'Remplacer un mode de connexion' },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('apiErrors.IDENTITY_NOT_LINKED'));
    screen.getByRole('button', { name: 'Continuer avec Compte Harbour' });
  });

  it('IDP-04 a sign-in refused or cancelled at the provider is said, and nothing is exchanged', async () => {
    for (const [error, text] of [
      ['access_denied', 'La connexion auprès du service a été annulée ou refusée. Rien n’a été modifié.'],
      [
        'temporarily_unavailable',
        'Le service de connexion est injoignable pour le moment. Veuillez réessayer plus tard.',
      ],
    ] as const) {
      const { calls, router, unmount } = await openAccount(
        `/account/identity/add?error=${error}&state=state-5`,
        linkedTo(keycloakProvider),
        providerHandlers({}),
        { heading: 'Associer un mode de connexion' },
      );
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(calledPaths(calls)).not.toContain('authentication/exchangeAuthorizationCode');
      unmount();
    }
  });

  it('opened without a return, the link page says what it does and leads to the one provider not linked yet', async () => {
    const { user, calls, leave } = await openAccount(
      '/account/identity/add',
      linkedTo(keycloakProvider),
      providerHandlers({}),
      { heading: 'Associer un mode de connexion' },
    );
    screen.getByText(/Associez un service à votre compte pour vous connecter avec lui/);
    expect(screen.queryByRole('heading', { name: 'Choisissez le service' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continuer avec FranceConnect' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(payloadsAt(calls, 'authentication/authorizationState')).toEqual([
      {
        networkId: 7,
        authProviderId: franceConnectProvider.id,
        redirectUri: returnUri('/account/identity/add'),
      },
    ]);
  });

  it('opened without a return, the replace page offers a choice of the linked providers', async () => {
    const { user, calls } = await openAccount(
      '/account/identity/replace',
      linkedTo(keycloakProvider, franceConnectProvider),
      providerHandlers({}),
      { heading: 'Remplacer un mode de connexion' },
    );
    const choice = screen.getByRole('region', { name: 'Choisissez le service' });
    const buttons = within(choice).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Continuer avec Compte Harbour',
      'Continuer avec FranceConnect',
    ]);
    await user.click(buttons[1] as HTMLElement);
    await waitFor(() => expect(payloadsAt(calls, 'authentication/authorizationState')).toHaveLength(1));
    expect(payloadsAt(calls, 'authentication/authorizationState')[0]).toMatchObject({
      authProviderId: franceConnectProvider.id,
      redirectUri: returnUri('/account/identity/replace'),
    });
  });

  it('an account linked to every provider has nothing left to link', async () => {
    await openAccount(
      '/account/identity/add',
      linkedTo(keycloakProvider, franceConnectProvider),
      providerHandlers({}),
      {
        heading: 'Associer un mode de connexion',
      },
    );
    screen.getByText('Votre compte est déjà associé à tous les modes de connexion de ce réseau.');
    expect(screen.queryByRole('button', { name: /Continuer avec/ })).toBeNull();
  });
});

describe('the guards of the identity pages', () => {
  it('ROUTE-11 a visitor signs in first and comes back to the page with the provider’s answer', async () => {
    stubTenantService();
    createTestSession({ bootstrap: bothProviders });
    const { router } = await renderApp('/account/identity/add?code=code-6&state=state-6', {
      bootstrap: bothProviders,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/account/identity/add?code=code-6&state=state-6',
    );
  });

  it('ROUTE-11 a guest is not signed in: the replace page sends to the sign-in page', async () => {
    stubTenantService();
    createTestSession({
      bootstrap: bothProviders,
      signedInAs: fixtureUser({ authAsGuest: true, userStatus: 'GUEST', identities: [{ providerId: 1 }] }),
    });
    const { router } = await renderApp('/account/identity/replace', { bootstrap: bothProviders });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('ROUTE-11 the replace page needs an identity at the network’s default provider: without one, the account page shows and nothing is exchanged', async () => {
    const { router, calls } = await openAccount(
      '/account/identity/replace?code=code-7&state=state-7',
      linkedTo(franceConnectProvider),
      providerHandlers({ identities: [identityAt(franceConnectProvider)] }),
    );
    expect(router.state.location.pathname).toBe('/account');
    expect(calledPaths(calls)).not.toContain('authentication/exchangeAuthorizationCode');
  });

  it('ROUTE-11 the link page needs no default identity', async () => {
    await openAccount('/account/identity/add', linkedTo(franceConnectProvider), providerHandlers({}), {
      heading: 'Associer un mode de connexion',
    });
    screen.getByRole('button', { name: 'Continuer avec Compte Harbour' });
  });
});
