import { IDENTITY_SANDBOX_PLACEHOLDER } from '@transit-shop/tenancy';
import { describe, expect, it } from 'vitest';
import { demoIssuers } from '../test-support/sandbox.ts';
import { planIssuers } from './sandbox-issuers.ts';

const provider = (
  id: number,
  path: string,
  clientId: string,
  driver: 'KEYCLOAK' | 'FRANCECONNECT' = 'KEYCLOAK',
) => ({
  id,
  driver,
  isDefault: false,
  name: `Provider ${id}`,
  issuer: `${IDENTITY_SANDBOX_PLACEHOLDER}${path}`,
  clientId,
  clientSecretRef: `SECRET_${id}`,
});

const network = (slug: string, providers: ReturnType<typeof provider>[]) => ({
  slug,
  config: { domains: [`${slug}.localhost`], authenticationProviders: providers },
});

describe('the issuers of the tenant files', () => {
  it("are the demo networks' two realms and FranceConnect, with each network's client", async () => {
    const issuers = await demoIssuers();
    expect(
      issuers.map(({ path, driver, clients }) => ({
        path,
        driver,
        clients: clients.map(({ clientId, networkSlug, providerName }) => ({
          clientId,
          networkSlug,
          providerName,
        })),
      })),
    ).toEqual([
      {
        path: '/realms/lakeside',
        driver: 'KEYCLOAK',
        clients: [{ clientId: 'lakeside-eshop', networkSlug: 'lakeside', providerName: 'Lakeside ID' }],
      },
      {
        path: '/realms/lumiere',
        driver: 'KEYCLOAK',
        clients: [{ clientId: 'lumiere-eshop', networkSlug: 'lumiere', providerName: 'Compte Lumière' }],
      },
      {
        path: '/franceconnect',
        driver: 'FRANCECONNECT',
        clients: [{ clientId: 'lumiere-eshop-fc', networkSlug: 'lumiere', providerName: 'FranceConnect' }],
      },
    ]);
    const lakeside = issuers[0]?.clients[0];
    expect(lakeside?.domains).toEqual(['lakeside.localhost', 'shop.lakeside-transit.example']);
    // No secret variable set: the demo secret the ticket API derives alike.
    expect(lakeside?.clientSecret).toBe('sandbox-secret-lakeside-eshop');
  });

  it('take a secret from the variable the tenant file names', async () => {
    const issuers = await demoIssuers({ LAKESIDE_KEYCLOAK_CLIENT_SECRET: 'a-secret-of-this-deployment' });
    expect(issuers[0]?.clients[0]?.clientSecret).toBe('a-secret-of-this-deployment');
  });

  it('share one issuer between networks, and leave out what contradicts an earlier network', () => {
    // A real provider's issuer is a URL, not the placeholder: the sandbox does not serve it.
    const real = { ...provider(2, '', 'real'), issuer: 'https://id.example.test/realms/x' };
    const plan = planIssuers(
      [
        network('a', [provider(1, '/realms/shared', 'shop-a'), real]),
        network('b', [provider(1, '/realms/shared/', 'shop-b')]),
        network('c', [
          provider(1, '/realms/shared', 'shop-a'),
          provider(2, '/realms/shared', 'fc', 'FRANCECONNECT'),
        ]),
      ],
      { SECRET_1: 'secret-one' },
    );
    expect(plan.issuers).toHaveLength(1);
    expect(plan.issuers[0]?.path).toBe('/realms/shared');
    expect(
      plan.issuers[0]?.clients.map((client) => [client.clientId, client.networkSlug, client.domains]),
    ).toEqual([
      ['shop-a', 'a', ['a.localhost']],
      ['shop-b', 'b', ['b.localhost']],
    ]);
    expect(plan.problems).toEqual([
      'tenants/c: provider 1: client shop-a of /realms/shared already belongs to a',
      'tenants/c: provider 2: /realms/shared is already a KEYCLOAK issuer, not FRANCECONNECT',
    ]);
  });
});
