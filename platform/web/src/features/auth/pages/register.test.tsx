import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import {
  calledPaths,
  createTestSession,
  fixtureUser,
  identityAnswer,
  stubTenantService,
} from '../../../test/session.ts';

type Values = Partial<
  Record<'last' | 'first' | 'email' | 'emailAgain' | 'password' | 'passwordAgain', string>
>;

const GOOD: Required<Values> = {
  last: 'Martin',
  first: 'Léa',
  email: 'lea@example.org',
  emailAgain: 'lea@example.org',
  password: 'Correct-horse-42',
  passwordAgain: 'Correct-horse-42',
};

async function fill(values: Values, accept = { terms: true, privacy: true }) {
  const user = userEvent.setup({ delay: null });
  const type = async (label: RegExp, value: string | undefined) => {
    if (value) await user.type(screen.getByLabelText(label), value);
  };
  await type(/^Last name/, values.last);
  await type(/^First name/, values.first);
  await type(/^Email address/, values.email);
  await type(/^Confirm email address/, values.emailAgain);
  await type(/^Password/, values.password);
  await type(/^Confirm password/, values.passwordAgain);
  if (accept.terms) await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
  if (accept.privacy) await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
  return user;
}

const helperOf = (element: HTMLElement) =>
  document.getElementById(String(element.getAttribute('aria-describedby')))?.textContent;

describe('registration page', () => {
  it('AUTH-05 registers with names, confirmed email and password, terms and privacy; then asks to confirm the email', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: {
        'identity/signUp': () => identityAnswer('lea'),
        'Account/login.json': () => ({ ok: { user: fixtureUser({ verifiedAt: null }) } }),
        'Account/getUser.json': () => ({ ok: { user: fixtureUser({ verifiedAt: null }) } }),
      },
    });
    const { router } = await renderApp('/en/auth/register?redirect=%2Fen%2Fcart');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill(GOOD);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/unverified-account'));
    expect(router.state.location.search).toBe('?redirect=%2Fen%2Fcart');
    expect(calledPaths(calls).slice(0, 2)).toEqual(['identity/signUp', 'Account/login.json']);
    expect(calls[0]?.payload).toMatchObject({
      email: 'lea@example.org',
      password: 'Correct-horse-42',
      firstName: 'Léa',
      lastName: 'Martin',
      acceptedTerms: true,
      acceptedPrivacy: true,
      networkId: 7,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your email address' })).toBeTruthy();
  });

  it('VAL-01 VAL-03 VAL-04 AUTH-05 the field rules are said beside each field, focus on the first, before any call', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill(
      {
        last: 'Mrtn',
        first: 'L',
        email: 'lea.example.org',
        emailAgain: 'x',
        password: 'short',
        passwordAgain: 'x',
      },
      { terms: false, privacy: false },
    );
    const lastName = screen.getByLabelText(/^Last name/);
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(helperOf(lastName)).toBe('The name must contain at least one vowel.');
    expect(helperOf(screen.getByLabelText(/^First name/))).toBe('At least 2 characters.');
    expect(helperOf(screen.getByLabelText(/^Email address/))).toBe('The email address must contain an @.');
    expect(helperOf(screen.getByLabelText(/^Password/))).toBe('At least 12 characters.');
    const terms = screen.getByRole('checkbox', { name: /terms of use/ });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(helperOf(terms)).toBe('You must accept the terms of use.');
    expect(screen.getByText('Not all fields comply with the rules.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(calls).toEqual([]);
  });

  it('VAL-02 VAL-03 VAL-04 once each field is right, names must differ and confirmations match', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill({ ...GOOD, last: 'Léa', emailAgain: 'leo@example.org', passwordAgain: 'Correct-horse-43' });
    const lastName = screen.getByLabelText(/^Last name/);
    expect(helperOf(lastName)).toBe('The last name must differ from the first name.');
    expect(helperOf(screen.getByLabelText(/^Confirm email address/))).toBe(
      'The email addresses are not identical.',
    );
    expect(helperOf(screen.getByLabelText(/^Confirm password/))).toBe('The passwords are not identical.');
    await waitFor(() => expect(document.activeElement).toBe(lastName));
    expect(calls).toEqual([]);
  });

  it("VAL-03 the email confirmation keeps the spec's words in French", async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Créer un compte' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Nom/), GOOD.last);
    await user.type(screen.getByLabelText(/^Prénom/), GOOD.first);
    await user.type(screen.getByLabelText(/^Adresse e-mail/), 'lea@example.org');
    await user.type(screen.getByLabelText(/^Confirmation de l'adresse e-mail/), 'leo@example.org');
    await user.type(screen.getByLabelText(/^Mot de passe/), GOOD.password);
    await user.type(screen.getByLabelText(/^Confirmation du mot de passe/), GOOD.password);
    await user.click(screen.getByRole('checkbox', { name: /conditions d'utilisation/ }));
    await user.click(screen.getByRole('checkbox', { name: /politique de confidentialité/ }));
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(helperOf(screen.getByLabelText(/^Confirmation de l'adresse e-mail/))).toBe(
      'Les emails ne sont pas identiques',
    );
    expect(screen.getByText('Tous les champs ne respectent pas les règles.')).toBeTruthy();
  });

  it('AUTH-09 an email already in use is said beside the email', async () => {
    stubTenantService();
    createTestSession({
      handlers: { 'identity/signUp': () => ({ ko: { code: 'EMAIL_IN_USE' }, status: 409 }) },
    });
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill(GOOD);
    const email = screen.getByLabelText(/^Email address/);
    await waitFor(() => expect(helperOf(email)).toBe('This email address is already in use.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('AUTH-09 an account under another sign-in method has its own message', async () => {
    stubTenantService();
    createTestSession({
      handlers: { 'identity/signUp': () => ({ ko: { code: 'ACCOUNT_OTHER_PROVIDER' }, status: 409 }) },
    });
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill(GOOD);
    expect(
      await screen.findByText(
        'An account already exists for this email address with another sign-in method.',
      ),
    ).toBeTruthy();
  });

  it("VAL-06 the server's field problems show beside the fields", async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'identity/signUp': () => ({
          ko: {
            code: 'INVALID_REQUEST',
            details: { issues: [{ path: 'firstName', message: 'validation.name.vowel' }] },
          },
          status: 400,
        }),
      },
    });
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    await fill(GOOD);
    const first = screen.getByLabelText(/^First name/);
    await waitFor(() => expect(helperOf(first)).toBe('The name must contain at least one vowel.'));
    // The summary line says it once; no second alert repeats it.
    expect(screen.getByText('Not all fields comply with the rules.')).toBeTruthy();
    expect(screen.queryByText('Some details are not valid. Check the fields marked.')).toBeNull();
  });

  it('AUTH-05 the terms and privacy checkboxes link to the legal pages', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/en/terms-of-use');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe(
      '/en/privacy-policy',
    );
  });
});
