import { describe, expect, it } from 'vitest';
import { localePath, splitLocale } from './paths.ts';

describe('paths per language', () => {
  it('ROUTE-01 French has no prefix, the other languages have theirs', () => {
    expect(localePath('fr', '/legal-notices')).toBe('/legal-notices');
    expect(localePath('fr', '/')).toBe('/');
    expect(localePath('en', '/legal-notices')).toBe('/en/legal-notices');
    expect(localePath('ar', '/')).toBe('/ar/');
    expect(localePath('it', '/terms-of-use')).toBe('/it/terms-of-use');
    expect(localePath('es', '/maintenance')).toBe('/es/maintenance');
  });

  it('ROUTE-01 reads the language and the page back from a path', () => {
    expect(splitLocale('/ar/privacy-policy')).toEqual({ locale: 'ar', path: '/privacy-policy' });
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/privacy-policy')).toEqual({ locale: 'fr', path: '/privacy-policy' });
    expect(splitLocale('/fr/x')).toEqual({ locale: 'fr', path: '/fr/x' });
    expect(splitLocale('/')).toEqual({ locale: 'fr', path: '/' });
  });
});
