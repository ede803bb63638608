// The language the page shows.
import type { Locale } from '@transit-shop/sdk/locales';
import { useTranslation } from 'react-i18next';

export function useLocale(): Locale {
  return useTranslation().i18n.language as Locale;
}
