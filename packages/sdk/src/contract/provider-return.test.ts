import { describe, expect, it } from 'vitest';
import { providerReturnError, readProviderReturn } from './provider-return.ts';

describe('a provider’s return', () => {
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
    expect(readProviderReturn(new URLSearchParams(''))).toEqual({ kind: 'none' });
  });

  it('IDP-04 says the rider’s refusal as IDENTITY_PROVIDER_DENIED, anything else as the provider unavailable', () => {
    for (const error of ['access_denied', 'login_required', 'consent_required', 'interaction_required']) {
      expect(providerReturnError(error)).toMatchObject({ code: 'IDENTITY_PROVIDER_DENIED', cause: error });
    }
    for (const error of ['temporarily_unavailable', 'server_error', 'invalid_scope', 'made_up']) {
      expect(providerReturnError(error)).toMatchObject({ code: 'IDENTITY_PROVIDER_UNAVAILABLE' });
    }
  });
});
