// i18next set up with one language's messages loaded at a time (each locale is its own chunk).
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadEmotionCache } from './theme/emotion-cache.ts';

type Messages = Record<string, unknown>;
// Each language's messages are one chunk holding the shell's file and each feature's own
// (features/<name>/locales/<locale>.json, top-level keys must not collide): one request per language,
// and a feature adds its texts without adding to the first paint (decision 0005).
const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  fr: () => import('./messages/fr.ts'),
  en: () => import('./messages/en.ts'),
  ar: () => import('./messages/ar.ts'),
  it: () => import('./messages/it.ts'),
  es: () => import('./messages/es.ts'),
};

export async function loadMessages(locale: Locale): Promise<Messages> {
  const load = loaders[locale];
  if (!load) throw new Error(`no messages for ${locale}`);
  return (await load()).default;
}

export async function createI18n(locale: Locale): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: await loadMessages(locale) } },
    interpolation: { escapeValue: false },
    returnNull: false,
    // i18next 25 otherwise advertises its vendor in every visitor's console.
    showSupportNotice: false,
  });
  return instance;
}

/** Loads what a language needs before it shows: its messages and the emotion cache of its direction. */
export async function prepareLocale(instance: i18n, locale: Locale): Promise<void> {
  const [messages] = await Promise.all([
    instance.hasResourceBundle(locale, 'translation') ? null : loadMessages(locale),
    loadEmotionCache(directionOf(locale)),
  ]);
  if (messages) instance.addResourceBundle(locale, 'translation', messages);
}

/**
 * Switches language once it is prepared, so the page re-renders once, already translated and
 * mirrored; then sets lang and dir on <html>.
 */
export async function changeLocale(instance: i18n, locale: Locale): Promise<void> {
  await prepareLocale(instance, locale);
  await instance.changeLanguage(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}
