import { LOCALES } from '@transit-shop/sdk/locales';
import { describe, expect, it } from 'vitest';
import ar from './ar.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import it_ from './it.json';

const MESSAGES = { fr, en, ar, it: it_, es } as const;

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.assign(
    {},
    ...Object.entries(value).map(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k)),
  );
}

describe('messages', () => {
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

  it('I18N-04 Arabic is written in Arabic, not copied from another language', () => {
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
