import { screen } from '@testing-library/react';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { TicketApiError } from '@transit-shop/sdk/errors/client-errors';
import type { ErrorCode } from '@transit-shop/sdk/errors/error-codes';
import { LOCALES } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { type AccountChange, useUpdateErrorText } from './use-update-error-text.ts';

/** The catalogue's codes an account change can be answered with (spec 02 §8, decision 0008). */
const ACCOUNT_CHANGE_CODES: ErrorCode[] = [
  'update_email_error_password',
  'update_email_error_email_exists',
  'update_email_error_other',
  'SAME_EMAIL',
  'EMAIL_IN_USE',
  'WRONG_PASSWORD',
  'SAME_PASSWORD',
  'PASSWORD_TOO_WEAK',
  'PROFILE_NOT_FOUND',
  'PROFILE_NOT_DISABLED',
  'PICTURE_NOT_FILE',
  'PICTURE_TOO_LARGE',
  'PICTURE_TYPE',
  'PICTURE_UNREADABLE',
  'DELETION_BLOCKED_BY_SUBSCRIPTION',
  'ACCOUNT_PENDING_DELETION',
  'ACCOUNT_DELETED',
  'SESSION_EXPIRED',
  'USER_NOT_CONNECTED',
  'GUEST_NOT_ALLOWED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'CONNECTION_ERROR',
];

function Texts({ change, errors }: { change: AccountChange; errors: unknown[] }) {
  const text = useUpdateErrorText(change);
  return (
    <ul>
      {errors.map((error, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <li key={index}>{text(error)}</li>
      ))}
    </ul>
  );
}

async function textsOf(locale: (typeof LOCALES)[number], change: AccountChange, errors: unknown[]) {
  const view = await renderWithApp(<Texts change={change} errors={errors} />, { locale });
  const texts = (await screen.findAllByRole('listitem')).map((item) => item.textContent ?? '');
  view.unmount();
  return texts;
}

describe('the messages of account changes', () => {
  for (const locale of LOCALES) {
    it(`ACC-03 every catalogue error of an account change has its own translated message in ${locale}`, async () => {
      const errors = ACCOUNT_CHANGE_CODES.map((code) => new AppError(code));
      const texts = await textsOf(locale, 'info', errors);
      texts.forEach((text, index) => {
        expect(text.trim(), `${locale} ${ACCOUNT_CHANGE_CODES[index]}`).not.toBe('');
        expect(text, `${locale} ${ACCOUNT_CHANGE_CODES[index]}`).not.toMatch(/^(apiErrors|account)\./);
      });
      // Each says something of its own: none falls back to another's text.
      expect(new Set(texts).size).toBe(texts.length);
    });
  }

  it('a failure that says nothing more, or a code this build does not know, says which change failed', async () => {
    const errors = [
      new TicketApiError({ httpStatus: 500 }),
      new TicketApiError({ code: 'SOMETHING_NEWER', httpStatus: 409 }),
      new Error('boom'),
    ];
    const texts = await textsOf('en', 'password', errors);
    expect(new Set(texts)).toEqual(
      new Set([
        'The password could not be changed. Please try again, or contact customer service if the problem persists.',
      ]),
    );
  });
});
