// The errors under the fields of the sign-in pages follow what is typed once a submit has found
// problems: an error goes as soon as its field is right, and comes back if it goes wrong again
// (decision 0027); what the server said of a field goes when that field changes.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

const REQUIRED = 'This field is required.';

/** The message under a field (its helper text), or undefined when it has none. */
const helperOf = (element: HTMLElement) =>
  document.getElementById(String(element.getAttribute('aria-describedby')))?.textContent;

const isInvalid = (element: HTMLElement) => element.getAttribute('aria-invalid') === 'true';

/** Puts a text in a field at once (one input event), as a paste does: typing it key by key adds nothing here. */
async function put(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('errors under the fields of the sign-in pages', () => {
  it('register: a required-field error goes as soon as the field is filled, and comes back if it is emptied before the next submit', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    const lastName = screen.getByLabelText(/^Last name/);
    const firstName = screen.getByLabelText(/^First name/);
    const terms = screen.getByRole('checkbox', { name: /terms of use/ });
    expect(helperOf(lastName)).toBe(REQUIRED);
    expect(helperOf(firstName)).toBe(REQUIRED);
    expect(isInvalid(terms)).toBe(true);
    expect(screen.getByText('Not all required fields are filled.')).toBeTruthy();

    await put(user, lastName, 'Martin');
    expect(isInvalid(lastName)).toBe(false);
    expect(helperOf(lastName)).toBeUndefined();
    // The other fields keep theirs, and the focus stays where the traveller types.
    expect(helperOf(firstName)).toBe(REQUIRED);
    expect(document.activeElement).toBe(lastName);
    await user.click(terms);
    expect(isInvalid(terms)).toBe(false);

    await user.clear(lastName);
    expect(helperOf(lastName)).toBe(REQUIRED);

    await put(user, lastName, 'Martin');
    await put(user, firstName, 'Léa');
    await put(user, screen.getByLabelText(/^Email address/), 'lea@example.org');
    await put(user, screen.getByLabelText(/^Confirm email address/), 'lea@example.org');
    await put(user, screen.getByLabelText(/^Password/), 'Correct-horse-42');
    await put(user, screen.getByLabelText(/^Confirm password/), 'Correct-horse-42');
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.queryByText('Not all required fields are filled.')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('register: a confirmation error goes when the email it repeats is corrected to match it', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    const user = userEvent.setup({ delay: null });
    const email = screen.getByLabelText(/^Email address/);
    const confirmation = screen.getByLabelText(/^Confirm email address/);
    await put(user, screen.getByLabelText(/^Last name/), 'Martin');
    await put(user, screen.getByLabelText(/^First name/), 'Léa');
    await put(user, email, 'lea@example.com');
    await put(user, confirmation, 'lea@example.org');
    await put(user, screen.getByLabelText(/^Password/), 'Correct-horse-42');
    await put(user, screen.getByLabelText(/^Confirm password/), 'Correct-horse-42');
    await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(helperOf(confirmation)).toBe('The email addresses are not identical.');
    await user.clear(email);
    await put(user, email, 'lea@example.org');
    expect(isInvalid(confirmation)).toBe(false);
    expect(helperOf(confirmation)).toBeUndefined();
  });

  it('register: an email the server says is in use is no longer marked once it is changed', async () => {
    stubTenantService();
    createTestSession({
      handlers: { 'identity/signUp': () => ({ ko: { code: 'EMAIL_IN_USE' }, status: 409 }) },
    });
    await renderApp('/en/auth/register');
    await screen.findByRole('heading', { level: 1, name: 'Create an account' });
    const user = userEvent.setup({ delay: null });
    await put(user, screen.getByLabelText(/^Last name/), 'Martin');
    await put(user, screen.getByLabelText(/^First name/), 'Léa');
    const email = screen.getByLabelText(/^Email address/);
    await put(user, email, 'lea@example.org');
    await put(user, screen.getByLabelText(/^Confirm email address/), 'lea@example.org');
    await put(user, screen.getByLabelText(/^Password/), 'Correct-horse-42');
    await put(user, screen.getByLabelText(/^Confirm password/), 'Correct-horse-42');
    await user.click(screen.getByRole('checkbox', { name: /terms of use/ }));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/ }));
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(helperOf(email)).toBe('This email address is already in use.'));
    // The focus then moves to the field the server named (after the error shows, not with it): a
    // key typed before that would land in the email field.
    await waitFor(() => expect(document.activeElement).toBe(email));
    // Another field changing leaves it; the email changing answers it.
    await user.type(screen.getByLabelText(/^First name/), 'e');
    expect(helperOf(email)).toBe('This email address is already in use.');
    await user.type(email, 'm');
    expect(isInvalid(email)).toBe(false);
    expect(helperOf(email)).toBeUndefined();
  });

  it('sign-in: the required email and password errors go as the fields are filled', async () => {
    stubTenantService();
    createTestSession();
    await renderApp('/en/auth');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText(/^Email address/);
    const password = screen.getByLabelText(/^Password/);
    expect(helperOf(email)).toBe(REQUIRED);
    expect(helperOf(password)).toBe(REQUIRED);
    await put(user, email, 'lea@example.org');
    expect(isInvalid(email)).toBe(false);
    expect(helperOf(password)).toBe(REQUIRED);
    await put(user, password, 'secret');
    expect(isInvalid(password)).toBe(false);
    expect(screen.queryByText('Not all required fields are filled.')).toBeNull();
  });

  it('reset: the required email error goes once an address is typed; the new password errors go as they are filled', async () => {
    stubTenantService();
    createTestSession();
    const { unmount } = await renderApp('/en/auth/reset');
    await screen.findByRole('heading', { level: 1, name: 'Forgotten password' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send me the instructions' }));
    const email = screen.getByLabelText(/^Email address/);
    expect(helperOf(email)).toBe(REQUIRED);
    await put(user, email, 'lea@');
    expect(helperOf(email)).toBe('The email address must contain an @.');
    await user.type(email, 'example.org');
    expect(isInvalid(email)).toBe(false);
    unmount();

    await renderApp('/en/auth/reset?code=abc');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    const password = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm new password/);
    expect(helperOf(password)).toBe(REQUIRED);
    await put(user, password, 'Correct-horse-42');
    expect(isInvalid(password)).toBe(false);
    // The confirmation is compared once the password is right: it is said, then goes when it matches.
    expect(helperOf(confirmation)).toBe('The passwords are not identical.');
    await put(user, confirmation, 'Correct-horse-42');
    expect(isInvalid(confirmation)).toBe(false);
  });

  it('finalize: the required first name error goes as soon as a name is typed', async () => {
    stubTenantService();
    createTestSession({ signedInAs: fixtureUser({ userName: null }) });
    await renderApp('/en/auth/finalize');
    await screen.findByRole('heading', { level: 1, name: 'Complete your account' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    const firstName = screen.getByLabelText(/^First name/);
    expect(helperOf(firstName)).toBe(REQUIRED);
    await put(user, firstName, 'Léa');
    expect(isInvalid(firstName)).toBe(false);
    expect(helperOf(firstName)).toBeUndefined();
  });
});
