// The providers' registry on its own: a provider of a network with its issuer resolved, discovery
// once per issuer and client and again after a failure, a real provider only over HTTPS and with
// its secret, against the test OpenID provider over loopback HTTP.
import { IDENTITY_SANDBOX_PLACEHOLDER, type LoadedNetwork } from '@transit-shop/tenancy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { loadDemoNetworks } from '../../test-support/demo-networks.ts';
import { createFakeClock } from '../../test-support/fake-clock.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../../test-support/openid-provider.ts';
import type { LogLine } from '../../test-support/test-app.ts';
import { createSignInProviders } from './provider-registry.ts';

let provider: TestOpenIdProvider;
let lumiere: LoadedNetwork;

beforeAll(async () => {
  provider = await startTestOpenIdProvider();
  const found = (await loadDemoNetworks()).byId(101);
  if (!found) throw new Error('no Lumière');
  lumiere = found;
});
afterAll(async () => {
  await provider?.close();
});

function registry(secrets: Record<string, string> = {}) {
  const logs: LogLine[] = [];
  const clock = createFakeClock();
  const logger = createLogger({
    level: 'info',
    destination: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
  });
  const providers = createSignInProviders({
    identitySandboxUrl: `${provider.origin}/`,
    secretOf: (name) => secrets[name],
    clock,
    logger,
  });
  return { providers, clock, logs };
}

/** Lumière with one provider of the test's own. */
function lumiereWith(issuer: string): LoadedNetwork {
  const config = lumiere.network.config;
  const [keycloak] = config.authenticationProviders;
  if (!keycloak) throw new Error('no provider');
  return {
    ...lumiere,
    network: {
      ...lumiere.network,
      config: {
        ...config,
        authenticationProviders: [{ ...keycloak, issuer, clientSecretRef: 'SHOP_SECRET' }],
      },
    },
  };
}

const discoveries = () =>
  provider.requests.filter((request) => request.endsWith('/.well-known/openid-configuration')).length;

describe('the sign-in providers', () => {
  it("resolves a provider of the network with the sandbox's origin; another network's is not found", () => {
    const { providers } = registry();
    expect(providers.providerOf(lumiere, 2)).toMatchObject({
      id: 2,
      driver: 'FRANCECONNECT',
      networkId: 101,
      issuer: `${IDENTITY_SANDBOX_PLACEHOLDER}/franceconnect`,
      resolvedIssuer: `${provider.origin}/franceconnect`,
    });
    expect(() => providers.providerOf(lumiere, 3)).toThrow(
      expect.objectContaining({ code: 'IDENTITY_PROVIDER_NOT_FOUND' }),
    );
  });

  it('discovers a provider once for its issuer and client, and again after a failure once a short wait is over', async () => {
    const { providers, clock } = registry();
    const keycloak = providers.providerOf(lumiere, 1);
    const before = discoveries();
    const [first, second] = await Promise.all([
      providers.configurationOf(keycloak),
      providers.configurationOf(keycloak),
    ]);
    expect(first).toBe(second);
    expect(await providers.configurationOf(keycloak)).toBe(first);
    expect(discoveries()).toBe(before + 1);

    const franceConnect = providers.providerOf(lumiere, 2);
    provider.failDiscovery = 503;
    try {
      await expect(providers.configurationOf(franceConnect)).rejects.toMatchObject({
        code: 'IDENTITY_PROVIDER_UNAVAILABLE',
      });
      provider.failDiscovery = null;
      // Within the wait, the failure is answered at once, without asking the provider again.
      await expect(providers.configurationOf(franceConnect)).rejects.toMatchObject({
        code: 'IDENTITY_PROVIDER_UNAVAILABLE',
      });
      expect(discoveries()).toBe(before + 2);
      clock.advance(5_000);
      expect((await providers.configurationOf(franceConnect)).serverMetadata().issuer).toBe(
        `${provider.origin}/franceconnect`,
      );
      expect(discoveries()).toBe(before + 3);
    } finally {
      provider.failDiscovery = null;
    }
  });

  it('refuses a real provider over plain HTTP: only the identity sandbox may be reached so', async () => {
    const { providers, logs } = registry({ SHOP_SECRET: 'a-secret-of-this-deployment' });
    const network = lumiereWith(`${provider.origin}/realms/lumiere`);
    const before = provider.requests.length;
    await expect(providers.configurationOf(providers.providerOf(network, 1))).rejects.toMatchObject({
      code: 'IDENTITY_PROVIDER_UNAVAILABLE',
    });
    expect(provider.requests.length).toBe(before);
    expect(logs.map((line) => line.msg)).toContain(
      'a sign-in provider is not served over HTTPS: only the identity sandbox may be',
    );
  });

  it('a real provider without its secret signs nobody in; the secret comes from the variable its tenant file names', async () => {
    const network = lumiereWith('https://id.example.invalid/realms/shop');
    const unset = registry();
    await expect(
      unset.providers.configurationOf(unset.providers.providerOf(network, 1)),
    ).rejects.toMatchObject({
      code: 'IDENTITY_PROVIDER_UNAVAILABLE',
    });
    expect(unset.logs.find((line) => line.variable === 'SHOP_SECRET')?.msg).toBe(
      'a sign-in provider has no client secret: set the variable its tenant file names',
    );
    const set = registry({ SHOP_SECRET: 'a-secret-of-this-deployment' });
    expect(set.providers.secretOf(set.providers.providerOf(network, 1))).toBe('a-secret-of-this-deployment');
    // A sandbox client left unset has the sandbox's demo secret.
    expect(set.providers.secretOf(set.providers.providerOf(lumiere, 1))).toBe('sandbox-secret-lumiere-eshop');
  });
});
