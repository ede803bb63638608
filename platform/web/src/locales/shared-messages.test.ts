// The texts every feature shares, beside the sdk (the app's own files): every error code and every
// validation key has its text in every language, with the same placeholders, and the spec's own
// wordings are kept.
import { ERROR_CODES } from '@transit-shop/sdk/errors/error-codes';
import { LOCALES } from '@transit-shop/sdk/locales';
import { VALIDATION_MESSAGES, VALIDATION_SPEC_TEXTS } from '@transit-shop/sdk/validation/messages';
import { describe, expect, it } from 'vitest';

const FILES = import.meta.glob<Record<string, unknown>>('./*.json', { import: 'default', eager: true });
const messages = (locale: string) => FILES[`./${locale}.json`] as Record<string, unknown>;

function lookup(tree: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (typeof value !== 'object' || value === null) return { [prefix]: String(value) };
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((match) => match[0]).sort();

describe('shared error and validation texts', () => {
  for (const locale of LOCALES) {
    it(`every code of the error catalogue has a message in ${locale}`, () => {
      for (const code of Object.keys(ERROR_CODES)) {
        expect(typeof lookup(messages(locale), `apiErrors.${code}`), `${locale}: ${code}`).toBe('string');
      }
    });

    it(`VAL-06 every validation message key of the sdk has a text in ${locale}`, () => {
      for (const key of Object.values(VALIDATION_MESSAGES)) {
        expect(typeof lookup(messages(locale), key), `${locale}: ${key}`).toBe('string');
      }
    });

    it(`keeps the placeholders and link tags of the French texts in ${locale}`, () => {
      const reference = flatten(messages('fr'));
      const texts = flatten(messages(locale));
      for (const [key, text] of Object.entries(reference)) {
        expect(placeholders(texts[key] ?? ''), `${locale}: ${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('VAL-03 VAL-05 VAL-06 VOUCH-01 ACC-04 the spec keeps its own wording in its own language', () => {
    const normal = (text: unknown) =>
      String(text)
        .toLowerCase()
        .replace(/[.\s]+$/, '');
    const languageOf = (text: string) => (/[àâçéèêëîïôûù]|\b(les|le|ne|pas)\b/i.test(text) ? 'fr' : 'en');
    for (const [key, text] of Object.entries(VALIDATION_SPEC_TEXTS)) {
      expect(normal(lookup(messages(languageOf(text)), key)), key).toBe(normal(text));
    }
  });
});
