// The errors under the fields of the account forms follow what is typed once a save has found
// problems: an error goes as soon as its field is right, and comes back if it goes wrong again
// (decision 0027); what the server said of a field goes when that field changes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { descriptionOf, openAccountPage } from '../../../test/account-session.ts';
import { fixtureUser } from '../../../test/session.ts';

const REQUIRED = 'This field is required.';

const isInvalid = (element: HTMLElement) => element.getAttribute('aria-invalid') === 'true';

/** Puts a text in a field at once (one input event), as a paste does: typing it key by key adds nothing here. */
async function put(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openAccount(handlers = {}) {
  return openAccountPage('/en/account', { signedInAs: fixtureUser(), heading: 'My account', handlers });
}

describe('errors under the fields of the account forms', () => {
  it('my details: the required first name error goes as soon as a name is typed, and comes back if it is emptied', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = await openAccount();
    const section = screen.getByRole('region', { name: 'My details' });
    const firstName = within(section).getByRole('textbox', { name: /^First name/ });
    await user.clear(firstName);
    await user.click(within(section).getByRole('button', { name: 'Save my details' }));
    expect(descriptionOf(firstName)).toBe(REQUIRED);
    expect(within(section).getByText('Not all required fields are filled.')).toBeTruthy();

    await put(user, firstName, 'Léa');
    expect(isInvalid(firstName)).toBe(false);
    expect(descriptionOf(firstName)).toBe('');
    expect(within(section).queryByText('Not all required fields are filled.')).toBeNull();
    await user.clear(firstName);
    expect(descriptionOf(firstName)).toBe(REQUIRED);
    expect(calls.some((call) => call.path === 'Account/update.json')).toBe(false);
  });

  it('sign-in email: the required errors go as the new email, its confirmation and the password are filled', async () => {
    const user = userEvent.setup({ delay: null });
    await openAccount();
    const section = screen.getByRole('region', { name: 'Sign-in email address' });
    await user.click(within(section).getByRole('button', { name: 'Change the email address' }));
    const email = within(section).getByRole('textbox', { name: /^New email address/ });
    const confirmation = within(section).getByRole('textbox', { name: /^Confirm the new email address/ });
    const password = within(section).getByLabelText(/^Current password/);
    expect(descriptionOf(email)).toBe(REQUIRED);
    expect(descriptionOf(password)).toBe(REQUIRED);
    await put(user, email, 'lea.martin@example.org');
    expect(isInvalid(email)).toBe(false);
    expect(descriptionOf(password)).toBe(REQUIRED);
    await put(user, confirmation, 'lea.martin@example.org');
    await put(user, password, 'secret');
    expect(within(section).queryAllByText(REQUIRED)).toEqual([]);
    expect(isInvalid(confirmation)).toBe(false);
    expect(isInvalid(password)).toBe(false);
  });

  it('password: the required errors go as the fields are filled, the rules show again under the new one', async () => {
    const user = userEvent.setup({ delay: null });
    await openAccount();
    const section = screen.getByRole('region', { name: 'Password' });
    await user.click(within(section).getByRole('button', { name: 'Change the password' }));
    const current = within(section).getByLabelText(/^Current password/);
    const next = within(section).getByLabelText(/^New password/);
    expect(descriptionOf(current)).toBe(REQUIRED);
    expect(descriptionOf(next)).toBe(REQUIRED);
    await put(user, current, 'Old-password-41!');
    expect(isInvalid(current)).toBe(false);
    await put(user, next, 'Tram-Ligne-42!');
    expect(isInvalid(next)).toBe(false);
    expect(descriptionOf(next)).toMatch(/^At least 12 characters/);
  });

  it('a wrong current password said by the server goes from beside it once it is retyped', async () => {
    const user = userEvent.setup({ delay: null });
    await openAccount({ 'Account/update.json': () => ({ ko: { code: 'WRONG_PASSWORD' }, status: 403 }) });
    const section = screen.getByRole('region', { name: 'Password' });
    const current = within(section).getByLabelText(/^Current password/);
    await put(user, current, 'Old-password-41!');
    await put(user, within(section).getByLabelText(/^New password/), 'Tram-Ligne-42!');
    await put(user, within(section).getByLabelText(/^Confirm the new password/), 'Tram-Ligne-42!');
    await user.click(within(section).getByRole('button', { name: 'Change the password' }));
    await waitFor(() => expect(isInvalid(current)).toBe(true));
    await user.type(current, '!');
    expect(isInvalid(current)).toBe(false);
    expect(descriptionOf(current)).toBe('');
  });

  it('contact email: an address without an at sign is no longer marked once corrected', async () => {
    const user = userEvent.setup({ delay: null });
    await openAccount();
    const section = screen.getByRole('region', { name: 'Contact email' });
    const contact = within(section).getByRole('textbox', { name: 'Contact email' });
    await put(user, contact, 'lea.example.org');
    await user.click(within(section).getByRole('button', { name: 'Save the contact email' }));
    expect(descriptionOf(contact)).toBe('The email address must contain an @.');
    await user.clear(contact);
    await put(user, contact, 'lea@example.org');
    expect(isInvalid(contact)).toBe(false);
    expect(descriptionOf(contact)).toBe('Left empty, we write to lea@example.org.');
  });

  it('new traveller: the required first name error goes as soon as a name is typed', async () => {
    const user = userEvent.setup({ delay: null });
    await openAccountPage('/en/account/new', {
      signedInAs: fixtureUser(),
      heading: 'Add a traveller',
    });
    await user.click(screen.getByRole('button', { name: 'Add the traveller' }));
    const firstName = screen.getByRole('textbox', { name: /^First name/ });
    const lastName = screen.getByRole('textbox', { name: /^Last name/ });
    expect(descriptionOf(firstName)).toBe(REQUIRED);
    await put(user, firstName, 'Zoé');
    expect(isInvalid(firstName)).toBe(false);
    expect(descriptionOf(lastName)).toBe(REQUIRED);
    await put(user, lastName, 'Martin');
    expect(isInvalid(lastName)).toBe(false);
    expect(screen.queryByText('Not all required fields are filled.')).toBeNull();
  });
});
