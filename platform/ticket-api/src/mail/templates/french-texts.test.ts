/// <reference types="vite/client" />
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

/** Every text table the templates of this folder export (a table is an object with a French entry). */
const templateModules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});
const templateTables = Object.fromEntries(
  Object.entries(templateModules).flatMap(([file, module]) =>
    Object.entries(module)
      .filter(([, value]) => typeof value === 'object' && value !== null && 'fr' in value)
      .map(([name, value]) => [`${file} ${name}`, value as { fr: unknown }]),
  ),
);

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
    // Every template's table is read, those added later too.
    expect(Object.keys(templateTables).length).toBeGreaterThanOrEqual(8);
    expect(faultsOf({ ...templateTables, ORDER_EMAIL_TEXTS, TICKETS_TEXTS })).toEqual([]);
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
