import { describe, expect, it } from 'vitest';
import {
  clientSecretOf,
  IDENTITY_SANDBOX_PLACEHOLDER,
  resolveIssuer,
  usesIdentitySandbox,
} from './identity-providers.ts';

const sandboxProvider = {
  issuer: `${IDENTITY_SANDBOX_PLACEHOLDER}/realms/lumiere`,
  clientId: 'lumiere-eshop',
  clientSecretRef: 'LUMIERE_KEYCLOAK_CLIENT_SECRET',
};
const realProvider = {
  issuer: 'https://id.example.org/realms/shop',
  clientId: 'shop',
  clientSecretRef: 'SHOP_CLIENT_SECRET',
};

describe('identity providers of a network (decision 0044)', () => {
  it("puts the identity sandbox's origin in place of the placeholder, and leaves real issuers alone", () => {
    expect(usesIdentitySandbox(sandboxProvider.issuer)).toBe(true);
    expect(usesIdentitySandbox(realProvider.issuer)).toBe(false);
    expect(resolveIssuer(sandboxProvider.issuer, 'http://127.0.0.1:8100/')).toBe(
      'http://127.0.0.1:8100/realms/lumiere',
    );
    expect(resolveIssuer(realProvider.issuer, 'http://127.0.0.1:8100')).toBe(realProvider.issuer);
  });

  it('reads the secret from the variable the reference names; only a sandbox client falls back to its demo secret', () => {
    expect(clientSecretOf(realProvider, { SHOP_CLIENT_SECRET: 'from-the-environment' })).toBe(
      'from-the-environment',
    );
    expect(clientSecretOf(realProvider, {})).toBeUndefined();
    expect(clientSecretOf(realProvider, { SHOP_CLIENT_SECRET: '' })).toBeUndefined();
    expect(clientSecretOf(sandboxProvider, {})).toBe('sandbox-secret-lumiere-eshop');
    expect(clientSecretOf(sandboxProvider, { LUMIERE_KEYCLOAK_CLIENT_SECRET: 'set' })).toBe('set');
  });
});
