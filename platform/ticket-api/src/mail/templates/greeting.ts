// The first line of every account email, with the traveller's first name when it is known.
import type { Locale } from '@transit-shop/sdk/locales';
import { fill } from './email-layout.ts';

export const GREETINGS: Record<Locale, { named: string; plain: string }> = {
  fr: { named: 'Bonjour {name},', plain: 'Bonjour,' },
  en: { named: 'Hello {name},', plain: 'Hello,' },
  ar: { named: 'مرحبًا {name}،', plain: 'مرحبًا،' },
  it: { named: 'Buongiorno {name},', plain: 'Buongiorno,' },
  es: { named: 'Hola, {name}:', plain: 'Hola:' },
};

export function greeting(locale: Locale, firstName: string | null | undefined): string {
  const texts = GREETINGS[locale];
  const name = firstName?.trim();
  return name ? fill(texts.named, { name }) : texts.plain;
}
