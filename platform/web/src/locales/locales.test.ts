import { LOCALES } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';

// Every message file: the shell's and each feature's, as the app loads them (src/lib/i18n.ts).
const FILES = {
  ...import.meta.glob<Record<string, unknown>>('./*.json', { import: 'default', eager: true }),
  ...import.meta.glob<Record<string, unknown>>('../features/*/locales/*.json', {
    import: 'default',
    eager: true,
  }),
};

function messagesOf(locale: string): Record<string, unknown> {
  const parts = Object.entries(FILES)
    .filter(([path]) => path.endsWith(`/${locale}.json`))
    .map(([, messages]) => messages);
  return Object.assign({}, ...parts);
}

const MESSAGES = Object.fromEntries(LOCALES.map((locale) => [locale, messagesOf(locale)]));
const fr = MESSAGES.fr;
const ar = MESSAGES.ar;

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
  );
}

describe('messages', () => {
  it('no two message files of a language share a top-level key', () => {
    for (const locale of LOCALES) {
      const keys = Object.entries(FILES)
        .filter(([path]) => path.endsWith(`/${locale}.json`))
        .flatMap(([, messages]) => Object.keys(messages));
      expect(new Set(keys).size, locale).toBe(keys.length);
    }
  });

  const reference = flatten(fr);

  for (const locale of LOCALES) {
    it(`I18N-01 every text exists, non-empty, in ${locale} and nothing more`, () => {
      const messages = flatten(MESSAGES[locale]);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(typeof text === 'string' && text.trim().length > 0, `${locale}:${key}`).toBe(true);
      }
    });
  }

  it('Arabic is written in Arabic, not copied from another language', () => {
    const arabic = flatten(ar);
    for (const [key, text] of Object.entries(arabic)) {
      expect(/[\u0600-\u06ff]/.test(String(text)), key).toBe(true);
    }
  });

  it('keeps placeholders in every language', () => {
    for (const locale of LOCALES) {
      expect(flatten(MESSAGES[locale])['maintenance.estimatedEnd']).toContain('{{date}}');
    }
  });
});
