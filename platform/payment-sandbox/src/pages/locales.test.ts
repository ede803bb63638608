import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../protocol/schemas.ts';
import {
  createTestSandbox,
  openPage,
  openTestCheckout,
  payWithCard,
  submitForm,
} from '../test-support/sandbox.ts';
import { MESSAGES } from './messages.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Every text of a locale, functions called with a sample argument. */
function texts(messages: object, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] => {
    const path = `${prefix}${key}`;
    if (typeof value === 'function') return [[path, (value as (sample: string) => string)('SAMPLE')]];
    if (typeof value === 'string') return [[path, value]];
    return texts(value as object, `${path}.`);
  });
}

const EXPECTED = {
  fr: { pay: 'Payer 12,50', cancel: 'Annuler', holder: 'Nom sur la carte', dir: 'ltr' },
  en: { pay: 'Pay €12.50', cancel: 'Cancel', holder: 'Name on the card', dir: 'ltr' },
  ar: { pay: 'ادفع', cancel: 'إلغاء', holder: 'الاسم على البطاقة', dir: 'rtl' },
  it: { pay: 'Paga 12,50', cancel: 'Annulla', holder: 'Nome sulla carta', dir: 'ltr' },
  es: { pay: 'Pagar 12,50', cancel: 'Cancelar', holder: 'Nombre en la tarjeta', dir: 'ltr' },
} as const;

describe('the page in each locale', () => {
  it.each(LOCALES)('%s: the card form in its language and direction', async (locale) => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox, { locale });
    const { response, page } = await openPage(sandbox, id);
    const expected = EXPECTED[locale];
    expect(page).toContain(`<html lang="${locale}" dir="${expected.dir}">`);
    expect(response.headers.get('content-language')).toBe(locale);
    expect(page).toContain(expected.pay);
    expect(page).toContain(`>${expected.cancel}</button>`);
    expect(page).toContain(`<label for="holder">${expected.holder}</label>`);
    // Card data reads left to right even in Arabic.
    expect(page).toMatch(/id="number"[^>]*dir="ltr"/);
  });

  it.each(LOCALES)('%s: the errors and the mandate text are translated too', async (locale) => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox, { locale, method: 'TRANSFER' });
    const response = await submitForm(sandbox, id, { holder: 'A', iban: 'FR00', consent: '', action: 'pay' });
    const page = await response.text();
    const t = MESSAGES[locale];
    expect(page).toContain(t.problems.iban_invalid);
    expect(page).toContain(t.problems.consent_required);
    expect(page).toContain(t.errorSummary);
    expect(page).toContain(t.mandateText('\u2068Lumière transit: order 1042\u2069'));
  });

  it('has every text in every locale, translated (not left in English)', () => {
    const english = new Map(texts(MESSAGES.en));
    for (const locale of LOCALES) {
      const entries = texts(MESSAGES[locale]);
      expect(entries.map(([key]) => key)).toEqual([...english.keys()]);
      for (const [key, value] of entries) {
        expect(value.trim(), `${locale} ${key}`).not.toBe('');
        if (locale !== 'en' && !['dir', 'iban'].includes(key))
          expect(value, `${locale} ${key}`).not.toBe(english.get(key));
      }
    }
  });

  it('shows the Arabic result page right to left with the way back to the shop', async () => {
    const sandbox = createTestSandbox();
    const { id } = await openTestCheckout(sandbox, { locale: 'ar' });
    await payWithCard(sandbox, id, '4000 0000 0000 0002');
    const { page } = await openPage(sandbox, id);
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain(MESSAGES.ar.outcomes.refused);
    expect(page).toContain(MESSAGES.ar.reasons.card_declined);
    expect(page).toContain(MESSAGES.ar.backToShop);
  });
});
