// Each language named in itself.
import type { Locale } from '@transit-shop/sdk/locales';

export const LANGUAGE_NAMES: Record<Locale, string> = {
  fr: 'Français',
  en: 'English',
  ar: 'العربية',
  it: 'Italiano',
  es: 'Español',
};
