import { describe, expect, it } from 'vitest';
import { providerReturnUri, readProviderReturn } from './provider-redirect.ts';

describe('provider return pages', () => {
  it('sends the browser back to the return page of the purpose, in the page language', () => {
    expect(providerReturnUri('signIn', 'en', 'http://lakeside.localhost:8080')).toBe(
      'http://lakeside.localhost:8080/en/auth/custom',
    );
    expect(providerReturnUri('unlink', 'ar', 'http://lumiere.localhost:8080')).toBe(
      'http://lumiere.localhost:8080/ar/auth/fc/delete-identity',
    );
  });

  it('reads a code and its state, a refusal, or nothing', () => {
    expect(readProviderReturn(new URLSearchParams('code=abc&state=xyz'))).toEqual({
      kind: 'code',
      code: 'abc',
      state: 'xyz',
    });
    expect(readProviderReturn(new URLSearchParams('error=access_denied&state=xyz'))).toEqual({
      kind: 'error',
      error: 'access_denied',
    });
    expect(readProviderReturn(new URLSearchParams('code=abc'))).toEqual({ kind: 'none' });
  });
});
