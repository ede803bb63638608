import { LOCALES } from '@transit-shop/sdk/locales';
import { frenchSpacingFaults } from '@transit-shop/sdk/text/french-spacing';
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

// i18next picks a text said with a count by the language's plural form (key_one, key_few...): a
// language has as many forms as its plural rules (two in English, six in Arabic).
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

/** Keys said with a count (they have a `_one` form), each with the forms the messages hold. */
function pluralTexts(messages: Record<string, unknown>): Map<string, Set<string>> {
  const keys = Object.keys(messages);
  const bases = new Set(keys.filter((key) => key.endsWith('_one')).map((key) => key.slice(0, -4)));
  const plurals = new Map<string, Set<string>>([...bases].map((base) => [base, new Set<string>()]));
  for (const key of keys) {
    const form = PLURAL_FORM.exec(key);
    if (form) plurals.get(key.slice(0, form.index))?.add(form[1] as string);
  }
  return plurals;
}

/** The texts of a language, a text said with a count counted once whatever its forms. */
function textKeys(messages: Record<string, unknown>): string[] {
  const plurals = pluralTexts(messages);
  const keys = Object.keys(messages).map((key) => {
    const form = PLURAL_FORM.exec(key);
    const base = form ? key.slice(0, form.index) : key;
    return plurals.has(base) ? base : key;
  });
  return [...new Set(keys)].sort();
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
      expect(textKeys(messages)).toEqual(textKeys(reference));
      for (const [key, text] of Object.entries(messages)) {
        expect(typeof text === 'string' && text.trim().length > 0, `${locale}:${key}`).toBe(true);
      }
    });

    it(`I18N-01 a text said with a count has every plural form ${locale} needs, and no other`, () => {
      const messages = flatten(MESSAGES[locale]);
      const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const plurals = pluralTexts(messages);
      expect(plurals.size, locale).toBeGreaterThan(0);
      for (const [key, forms] of plurals) expect([...forms].sort(), key).toEqual([...needed].sort());
    });
  }

  it('Arabic is written in Arabic, not copied from another language', () => {
    const arabic = flatten(ar);
    for (const [key, text] of Object.entries(arabic)) {
      expect(/[\u0600-\u06ff]/.test(String(text)), key).toBe(true);
    }
  });

  // A text's placeholders ({{date}}) and link tags (<legal>) are filled by the code: every
  // language keeps those of the French text, in every file.
  const placeholders = (text: unknown) =>
    [...String(text).matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?\w+>/g)].map((match) => match[0]).sort();

  for (const locale of LOCALES) {
    it(`I18N-01 every text keeps the placeholders and link tags of the French one in ${locale}`, () => {
      const messages = flatten(MESSAGES[locale]);
      const reference = flatten(fr);
      for (const [key, text] of Object.entries(messages)) {
        const form = PLURAL_FORM.exec(key);
        // A plural form is compared with the French text of the same form, or its `other` one.
        const french = reference[key] ?? (form ? reference[`${key.slice(0, form.index)}_other`] : undefined);
        expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(french));
      }
    });
  }

  for (const locale of LOCALES) {
    it(`WAL-02 a phone ticket is said to show in the shop's own wallet, by its page's name, in ${locale}`, () => {
      // The wallet is this website's "My tickets" page, not an app of the network.
      const messages = flatten(MESSAGES[locale]);
      const walletName = String(messages['wallet.title']);
      expect(messages['shell.nav.wallet']).toBe(walletName);
      for (const key of [
        'products.support.DEMATERIALIZEDHint',
        'tunnel.media.DEMATERIALIZEDHint',
        'tickets.places.WALLET',
      ]) {
        expect(String(messages[key]), `${locale}: ${key}`).toContain(walletName);
      }
    });
  }

  it('every French text puts a no-break space before : ; ? ! (addresses, times and placeholders aside)', () => {
    const faults = Object.entries(flatten(fr)).flatMap(([key, text]) =>
      frenchSpacingFaults(String(text)).map((fault) => `${key}: ${fault}`),
    );
    expect(faults).toEqual([]);
  });

  it('keeps placeholders in every language', () => {
    for (const locale of LOCALES) {
      expect(flatten(MESSAGES[locale])['maintenance.estimatedEnd']).toContain('{{date}}');
    }
  });
});
