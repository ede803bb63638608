import { describe, expect, it } from 'vitest';
import { localeRoute } from './locale-route.ts';

const allFive = { languages: ['fr', 'en', 'ar', 'it', 'es'] as const, defaultLanguage: 'fr' as const };
const arabicFirst = { languages: ['ar', 'fr', 'en'] as const, defaultLanguage: 'ar' as const };
const noFrench = { languages: ['en', 'it', 'es'] as const, defaultLanguage: 'en' as const };
const englishFirst = { languages: ['en', 'it', 'es', 'fr'] as const, defaultLanguage: 'en' as const };

describe('localeRoute', () => {
  it('ROUTE-01 on a French network unprefixed paths are French and prefixes select the other languages', () => {
    expect(localeRoute('/', allFive, undefined)).toEqual({ serve: 'fr' });
    expect(localeRoute('/cart', allFive, undefined)).toEqual({ serve: 'fr' });
    expect(localeRoute('/en', allFive, undefined)).toEqual({ serve: 'en' });
    expect(localeRoute('/ar/cart', allFive, undefined)).toEqual({ serve: 'ar' });
    expect(localeRoute('/english/cart', allFive, undefined)).toEqual({ serve: 'fr' });
  });

  it('I18N-01 a prefix the network does not offer goes to the same path in its default language', () => {
    expect(localeRoute('/es/cart', arabicFirst, undefined)).toEqual({ redirect: '/ar/cart' });
    expect(localeRoute('/ar/cart?x=1', noFrench, undefined)).toEqual({ redirect: '/en/cart?x=1' });
    expect(localeRoute('/it/legal', { languages: ['fr', 'en'], defaultLanguage: 'fr' }, undefined)).toEqual({
      redirect: '/legal',
    });
  });

  it('sends the explicit /fr prefix of a French network to the unprefixed French path', () => {
    expect(localeRoute('/fr/cart', allFive, undefined)).toEqual({ redirect: '/cart' });
    expect(localeRoute('/fr', allFive, undefined)).toEqual({ redirect: '/' });
    expect(localeRoute('/fr/cart', noFrench, undefined)).toEqual({ redirect: '/en/cart' });
  });

  it('an unprefixed path on a network without French goes under the default language', () => {
    expect(localeRoute('/', noFrench, undefined)).toEqual({ redirect: '/en/' });
    expect(localeRoute('/cart', noFrench, 'fr')).toEqual({ redirect: '/en/cart' });
  });

  it('an unprefixed path on a network whose default language is not French goes under its prefix', () => {
    expect(localeRoute('/auth/register', arabicFirst, undefined)).toEqual({ redirect: '/ar/auth/register' });
    expect(localeRoute('/products/1301', englishFirst, undefined)).toEqual({ redirect: '/en/products/1301' });
    expect(localeRoute('/cart', arabicFirst, 'fr')).toEqual({ redirect: '/ar/cart' });
  });

  it('French on a network whose default language is not French lives under /fr', () => {
    expect(localeRoute('/fr/auth/register', arabicFirst, undefined)).toEqual({ serve: 'fr' });
    expect(localeRoute('/fr', englishFirst, undefined)).toEqual({ serve: 'fr' });
    expect(localeRoute('/ar/cart', arabicFirst, undefined)).toEqual({ serve: 'ar' });
  });

  it('exactly / follows the locale cookie when it names another offered language', () => {
    expect(localeRoute('/', allFive, 'it')).toEqual({ redirect: '/it/' });
    expect(localeRoute('/', allFive, 'fr')).toEqual({ serve: 'fr' });
    expect(localeRoute('/', arabicFirst, 'fr')).toEqual({ redirect: '/fr/' });
    expect(localeRoute('/', arabicFirst, 'en')).toEqual({ redirect: '/en/' });
    // A deep link keeps its language whatever the cookie says.
    expect(localeRoute('/cart', allFive, 'it')).toEqual({ serve: 'fr' });
  });

  it('exactly / without a usable cookie goes to a default language other than French', () => {
    expect(localeRoute('/', arabicFirst, undefined)).toEqual({ redirect: '/ar/' });
    expect(localeRoute('/', arabicFirst, 'es')).toEqual({ redirect: '/ar/' });
    expect(localeRoute('/', arabicFirst, 'garbage')).toEqual({ redirect: '/ar/' });
  });

  it('never redirects to another host', () => {
    expect(localeRoute('/es//evil.example/x', arabicFirst, undefined)).toEqual({
      redirect: '/ar/evil.example/x',
    });
    expect(localeRoute('/it//evil.example', { languages: ['fr'], defaultLanguage: 'fr' }, undefined)).toEqual(
      {
        redirect: '/evil.example',
      },
    );
  });
});
