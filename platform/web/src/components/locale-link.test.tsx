import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useLocalePath } from './locale-link.tsx';

async function languageIn(locale: string) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { fr: { translation: {} }, en: { translation: {} } },
    showSupportNotice: false,
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  return { i18n, wrapper };
}

describe('useLocalePath', () => {
  it('gives the same function across renders, so an effect depending on it does not run again', async () => {
    const { wrapper } = await languageIn('fr');
    const { result, rerender } = renderHook(() => useLocalePath(), { wrapper });
    const first = result.current;
    rerender();
    rerender();
    expect(result.current).toBe(first);
    expect(first('/cart')).toBe('/cart');
  });

  it('ROUTE-01 gives a new function for another language, with its prefix', async () => {
    const { i18n, wrapper } = await languageIn('fr');
    const { result } = renderHook(() => useLocalePath(), { wrapper });
    const french = result.current;
    await act(() => i18n.changeLanguage('en'));
    expect(result.current).not.toBe(french);
    expect(result.current('/cart')).toBe('/en/cart');
  });
});
