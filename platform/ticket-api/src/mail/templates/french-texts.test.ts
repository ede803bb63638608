// The French texts of the emails and PDFs keep French typography (sdk text/french-spacing.ts): a
// no-break space before : ; ? ! (the PDFs' font has only the full one, U+00A0).
import { FRENCH_SPACES, frenchSpacingFaults } from '@transit-shop/sdk/text/french-spacing';
import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '../../services/invoices/invoice-messages.ts';
import {
  ORDER_EMAIL_TEXTS,
  TICKETS_TEXTS,
} from '../../services/orders/confirmation/order-confirmation-email.ts';
import { ATTESTATION_MESSAGES } from '../../services/tickets/documents/attestation-messages.ts';
import { DELETION_EMAIL_TEXTS } from './deletion-confirmation-email.ts';
import { DOCUMENT_EMAIL_TEXTS } from './document-emails.ts';
import { EMAIL_LAYOUT_TEXTS } from './email-layout.ts';
import { GREETINGS } from './greeting.ts';
import { PASSWORD_RESET_EMAIL_TEXTS } from './password-reset-email.ts';
import { REACTIVATION_EMAIL_TEXTS } from './reactivation-email.ts';
import { VERIFICATION_EMAIL_TEXTS } from './verification-email.ts';

/** Every string of a value, nested objects and arrays included. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).flatMap(stringsOf)
      : [];

const faultsOf = (tables: Record<string, { fr: unknown }>) =>
  Object.entries(tables).flatMap(([name, table]) =>
    stringsOf(table.fr).flatMap((text) => frenchSpacingFaults(text).map((fault) => `${name}: ${fault}`)),
  );

describe('French texts of emails and PDFs', () => {
  it('the emails put a no-break space before : ; ? !', () => {
    expect(
      faultsOf({
        DELETION_EMAIL_TEXTS,
        DOCUMENT_EMAIL_TEXTS,
        EMAIL_LAYOUT_TEXTS,
        GREETINGS,
        ORDER_EMAIL_TEXTS,
        PASSWORD_RESET_EMAIL_TEXTS,
        REACTIVATION_EMAIL_TEXTS,
        TICKETS_TEXTS,
        VERIFICATION_EMAIL_TEXTS,
      }),
    ).toEqual([]);
  });

  it('the PDFs put a no-break space the font draws (U+00A0) before : ; ? !', () => {
    const pdfTexts = { INVOICE_MESSAGES, ATTESTATION_MESSAGES };
    expect(faultsOf(pdfTexts)).toEqual([]);
    const narrow = Object.values(pdfTexts)
      .flatMap((table) => stringsOf(table.fr))
      .filter((text) => text.includes(FRENCH_SPACES[0]));
    expect(narrow).toEqual([]);
  });
});
