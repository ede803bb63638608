// biome-ignore-all lint/suspicious/noDocumentCookie: the tests set cookies as a browser would
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readAppearanceCookie,
  readLocaleCookie,
  serializeCookie,
  writeAppearanceCookie,
  writeLocaleCookie,
} from './cookies.ts';

describe('cookies', () => {
  afterEach(() => {
    document.cookie = 'theme=; Max-Age=0; Path=/';
    document.cookie = 'locale=; Max-Age=0; Path=/';
  });

  it('THEME-02 the appearance cookie lives 10 years, SameSite=Strict', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writeAppearanceCookie('DARK');
    expect(set).toHaveBeenCalledWith('theme=DARK; Max-Age=315360000; Path=/; SameSite=Strict');
  });

  it('THEME-01 the appearance defaults to SYSTEM and reads back what was chosen', () => {
    expect(readAppearanceCookie()).toBe('SYSTEM');
    writeAppearanceCookie('LIGHT');
    expect(readAppearanceCookie()).toBe('LIGHT');
    document.cookie = 'theme=PURPLE; Path=/';
    expect(readAppearanceCookie()).toBe('SYSTEM');
  });

  it('I18N-03 the locale cookie lives 365 days', () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    writeLocaleCookie('ar');
    expect(set).toHaveBeenCalledWith('locale=ar; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(readLocaleCookie()).toBe('ar');
  });

  it('marks cookies Secure on https', () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    expect(serializeCookie('a', 'b', 1, 'Strict')).toBe('a=b; Max-Age=1; Path=/; SameSite=Strict; Secure');
    vi.unstubAllGlobals();
  });
});
