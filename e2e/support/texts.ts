// The web app's own texts in each language (its locale files), so tests find controls by the names
// a traveller reads in any language without copying them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Locale = 'fr' | 'en' | 'ar' | 'it' | 'es';

type ShellTexts = typeof import('../../platform/web/src/locales/en.json');
type AuthTexts = typeof import('../../platform/web/src/features/auth/locales/en.json');
type AccountTexts = typeof import('../../platform/web/src/features/account/locales/en.json');
type ShopTexts = typeof import('../../platform/web/src/features/shop/locales/en.json');
type ProductTexts = typeof import('../../platform/web/src/features/products/locales/en.json');
type CartTexts = typeof import('../../platform/web/src/features/cart/locales/en.json');
type CheckoutTexts = typeof import('../../platform/web/src/features/checkout/locales/en.json');
type TunnelTexts = typeof import('../../platform/web/src/features/tunnel/locales/en.json');
type WalletTexts = typeof import('../../platform/web/src/features/wallet/locales/en.json');
type DocumentsTexts = typeof import('../../platform/web/src/features/documents/locales/en.json');
export type Texts = ShellTexts &
  AuthTexts &
  AccountTexts &
  ShopTexts &
  ProductTexts &
  CartTexts &
  CheckoutTexts &
  TunnelTexts &
  WalletTexts &
  DocumentsTexts;

/** The features whose locale files the tests read, beside the shell's. */
const FEATURES = [
  'auth',
  'account',
  'shop',
  'products',
  'cart',
  'checkout',
  'tunnel',
  'wallet',
  'documents',
] as const;

const webSource = join(import.meta.dirname, '..', '..', 'platform', 'web', 'src');
const cache = new Map<Locale, Texts>();

const readJson = (...path: string[]) => JSON.parse(readFileSync(join(webSource, ...path), 'utf8'));

export function textsOf(locale: Locale): Texts {
  let texts = cache.get(locale);
  if (!texts) {
    texts = Object.assign(
      readJson('locales', `${locale}.json`),
      ...FEATURES.map((feature) => readJson('features', feature, 'locales', `${locale}.json`)),
    ) as Texts;
    cache.set(locale, texts);
  }
  return texts;
}

/** A text as the page shows it: `{{name}}` filled in, the tags of `<Trans>` components dropped. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
    .replace(/<\/?\w+>/g, '');
}

/** A text with a placeholder the test cannot know (a time, a date) as a pattern that matches any value. */
export function pattern(text: string): RegExp {
  const parts = fill(text).split(/\{\{\s*\w+\s*\}\}/);
  return new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+'));
}

/** The value a page filled into a text's one placeholder, read back from the text shown. */
export function valueIn(shown: string, text: string): string {
  const [before = '', after = ''] = text.split(/\{\{\s*\w+\s*\}\}/);
  if (!shown.startsWith(before) || !shown.endsWith(after)) return '';
  return shown.slice(before.length, shown.length - after.length);
}

/**
 * The path prefix of a language on a network whose default language is French (Lumière): none for
 * French, `/en`, `/ar`... for the others. Elsewhere French is under /fr: see shopPath (accounts.ts).
 */
export const prefixOf = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`);
