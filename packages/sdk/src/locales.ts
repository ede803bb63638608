// The interface languages of the shop and how each is written.
import { z } from 'zod';

export const LOCALES = ['fr', 'en', 'ar', 'it', 'es'] as const;
export const DEFAULT_LOCALE = 'fr' as const;
export const RTL_LOCALES: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}

/** Reduces a regional language code (fr_FR, en-GB) to its language part (fr, en). */
export function reduceLanguageCode(code: string): string {
  return code.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/** A text given in several languages, keyed by locale. */
export const localizedTextSchema = z.partialRecord(localeSchema, z.string().min(1));
export type LocalizedText = z.infer<typeof localizedTextSchema>;
