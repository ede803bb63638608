import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { calledPaths, createTestSession, stubTenantService } from '../../../test/session.ts';

const helperOf = (element: HTMLElement) =>
  document.getElementById(String(element.getAttribute('aria-describedby')))?.textContent;

describe('forgotten password page', () => {
  it('AUTH-06 sends the instructions and says they were emailed', async () => {
    stubTenantService();
    const { calls } = createTestSession({ handlers: { 'Account/resetPassword': () => ({ ok: {} }) } });
    await renderApp('/en/auth/reset');
    await screen.findByRole('heading', { level: 1, name: 'Forgotten password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Email address/), ' lea@example.org ');
    await user.click(screen.getByRole('button', { name: 'Send me the instructions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Instructions to choose a new password have been emailed to lea@example.org.',
    );
    expect(calledPaths(calls)).toEqual(['Account/resetPassword']);
    expect(calls[0]?.payload).toMatchObject({ email: 'lea@example.org', networkId: 7, locale: 'en' });
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe('/en/auth');
  });

  it('AUTH-06 an unknown email says no account matches it, once, beside the email', async () => {
    stubTenantService();
    createTestSession({
      handlers: { 'Account/resetPassword': () => ({ ko: { code: 'USER_NOT_FOUND' }, status: 404 }) },
    });
    await renderApp('/en/auth/reset');
    await screen.findByRole('heading', { level: 1, name: 'Forgotten password' });
    const user = userEvent.setup({ delay: null });
    const email = screen.getByLabelText(/^Email address/);
    await user.type(email, 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Send me the instructions' }));
    await waitFor(() => expect(helperOf(email)).toBe('No account matches this email address.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    // Said beside the field only, not again in an alert above the button.
    expect(screen.getAllByText('No account matches this email address.')).toHaveLength(1);
  });

  it('too many requests ask to wait', async () => {
    stubTenantService();
    createTestSession({
      handlers: {
        'Account/resetPassword': () => ({
          ko: { code: 'RATE_LIMITED', details: { retryAfterSeconds: 60 } },
          status: 429,
        }),
      },
    });
    await renderApp('/en/auth/reset');
    await screen.findByRole('heading', { level: 1, name: 'Forgotten password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^Email address/), 'lea@example.org');
    await user.click(screen.getByRole('button', { name: 'Send me the instructions' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Too many requests\. Wait a little before trying again\. You can try again at .+\.$/,
    );
  });

  it('VAL-03 a malformed email is refused before any call', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/auth/reset');
    await screen.findByRole('heading', { level: 1, name: 'Forgotten password' });
    const user = userEvent.setup({ delay: null });
    const email = screen.getByLabelText(/^Email address/);
    await user.type(email, 'lea.example.org');
    await user.keyboard('{Enter}');
    expect(helperOf(email)).toBe('The email address must contain an @.');
    expect(calls).toEqual([]);
  });

  it('VAL-04 with the code of the emailed link, sets a new password (Actions/useCode LEGACY_PASSWORD_CHANGE)', async () => {
    stubTenantService();
    const { calls } = createTestSession({
      handlers: { 'Actions/useCode': () => ({ ok: { action: 'LEGACY_PASSWORD_CHANGE' } }) },
    });
    await renderApp('/en/auth/reset?code=abc123');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'Correct-horse-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your password has been changed. You can now log in.',
    );
    expect(calls[0]?.payload).toMatchObject({
      code: 'abc123',
      action: 'LEGACY_PASSWORD_CHANGE',
      newPassword: 'Correct-horse-42',
    });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/auth');
  });

  it('VAL-04 the new password follows the rules and is confirmed', async () => {
    stubTenantService();
    const { calls } = createTestSession();
    await renderApp('/en/auth/reset?code=abc123');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'correct-horse-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(helperOf(screen.getByLabelText(/^New password/))).toBe(
      'The password must contain an uppercase letter.',
    );
    expect(calls).toEqual([]);
  });

  it('an expired link says so and offers to ask for a new one', async () => {
    stubTenantService();
    createTestSession({
      handlers: { 'Actions/useCode': () => ({ ko: { code: 'ACTION_CODE_EXPIRED' }, status: 410 }) },
    });
    const { router } = await renderApp('/en/auth/reset?code=old');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText(/^New password/), 'Correct-horse-42');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired.');
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgotten password' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });
});
