import { describe, expect, it } from 'vitest';
import { providerReturnUri } from './provider-redirect.ts';

describe('provider return pages', () => {
  it('sends the browser back to the return page of the purpose, in the page language', () => {
    expect(providerReturnUri('signIn', 'en', 'http://lakeside.localhost:8080')).toBe(
      'http://lakeside.localhost:8080/en/auth/custom',
    );
    expect(providerReturnUri('unlink', 'ar', 'http://lumiere.localhost:8080')).toBe(
      'http://lumiere.localhost:8080/ar/auth/fc/delete-identity',
    );
  });
});
