import { afterEach, describe, expect, it } from 'vitest';
import { localePath, setPathsNetwork, splitLocale } from './paths.ts';

afterEach(() => setPathsNetwork({ defaultLanguage: 'fr' }));

describe('paths per language', () => {
  it('ROUTE-01 on a French network French has no prefix, the other languages have theirs', () => {
    setPathsNetwork({ defaultLanguage: 'fr' });
    expect(localePath('fr', '/legal-notices')).toBe('/legal-notices');
    expect(localePath('fr', '/')).toBe('/');
    expect(localePath('en', '/legal-notices')).toBe('/en/legal-notices');
    expect(localePath('ar', '/')).toBe('/ar/');
    expect(localePath('it', '/terms-of-use')).toBe('/it/terms-of-use');
    expect(localePath('es', '/maintenance')).toBe('/es/maintenance');
  });

  it('on a network whose default language is not French every language has its prefix, French /fr', () => {
    setPathsNetwork({ defaultLanguage: 'ar' });
    expect(localePath('fr', '/auth/register')).toBe('/fr/auth/register');
    expect(localePath('fr', '/')).toBe('/fr/');
    expect(localePath('ar', '/cart')).toBe('/ar/cart');
    expect(splitLocale('/fr/auth/register')).toEqual({ locale: 'fr', path: '/auth/register' });
    // Unprefixed addresses of such a network are on their way to its default language.
    expect(splitLocale('/products/1301')).toEqual({ locale: 'ar', path: '/products/1301' });
  });

  it('ROUTE-01 reads the language and the page back from a path', () => {
    expect(splitLocale('/ar/privacy-policy')).toEqual({ locale: 'ar', path: '/privacy-policy' });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/privacy-policy')).toEqual({ locale: 'fr', path: '/privacy-policy' });
    expect(splitLocale('/fr/x')).toEqual({ locale: 'fr', path: '/x' });
    expect(splitLocale('/')).toEqual({ locale: 'fr', path: '/' });
  });
});
