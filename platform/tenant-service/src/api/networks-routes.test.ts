import { okEnvelopeSchema } from '@transit-shop/sdk/contract/envelope';
import {
  authenticationConfigurationSchema,
  collectSitesResponseSchema,
  getNetworksResponseSchema,
  networkConfigurationSchema,
  qualificationValidationConfigurationSchema,
  schoolConfigurationSchema,
} from '@transit-shop/sdk/contract/networks';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { useFixtureService } from '../test-support/service.ts';

const fixture = useFixtureService();

async function okBody<T extends z.ZodType>(response: Response, schema: T): Promise<z.output<T>> {
  expect(response.status).toBe(200);
  const body = okEnvelopeSchema(schema).parse(await response.json()) as { response: z.output<T> };
  return body.response;
}

async function koBody(response: Response) {
  const body = (await response.json()) as {
    status: string;
    response: { error: { code: string; message: string } };
  };
  expect(body.status).toBe('ko');
  return body.response.error;
}

const call = (path: string, host = 'alpha.localhost') => fixture.service.get(host, `/api/Networks/${path}`);

describe('Networks/getNetworks.json', () => {
  it('lists every network summary', async () => {
    const networks = await okBody(
      await call('getNetworks.json', 'nowhere.example'),
      getNetworksResponseSchema,
    );
    expect(networks.map((network) => network.id).sort()).toEqual([201, 202, 203]);
    expect(networks.find((network) => network.id === 201)).toEqual({
      id: 201,
      name: 'Alpha Transit',
      logo: '/tenant/logo?networkId=201',
      domains: ['alpha.localhost', 'shop.alpha.example'],
      languages: ['fr', 'en', 'ar'],
      currency: 'EUR',
    });
  });

  it('refuses unknown parameters with 400 INVALID_REQUEST naming them, and accepts a signature', async () => {
    const response = await call('getNetworks.json?page=2&sort=name');
    expect(response.status).toBe(400);
    const error = await koBody(response);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toContain('page');
    expect(error.message).toContain('sort');
    expect((await call('getNetworks.json?signature=abc123')).status).toBe(200);
  });
});

describe('Networks/getNetworkConfiguration.json', () => {
  it('answers the legacy configuration of spec 02 §3 in the requested language', async () => {
    const configuration = await okBody(
      await call('getNetworkConfiguration.json?id=201&lang=en_GB&signature=x'),
      networkConfigurationSchema,
    );
    expect(configuration).toMatchObject({
      id: 201,
      name: 'Alpha Transit',
      logo: '/tenant/logo?networkId=201',
      currency: 'EUR',
      languages: ['fr', 'en', 'ar'],
      has_guest_orders: 1,
    });
  });

  it('refuses a language outside the shop, and both id and domain at once', async () => {
    const badLang = await call('getNetworkConfiguration.json?id=201&lang=de');
    expect(badLang.status).toBe(400);
    expect((await koBody(badLang)).message).toContain('lang');
    const both = await call('getNetworkConfiguration.json?id=201&domain=alpha.localhost');
    expect(both.status).toBe(400);
    expect((await koBody(both)).code).toBe('INVALID_REQUEST');
    const repeated = await call('getNetworkConfiguration.json?id=201&id=202');
    expect(repeated.status).toBe(400);
  });
});

describe('Networks/getAuthenticationConfiguration', () => {
  it('answers the providers of the network named by networkId, or of the Host', async () => {
    const byId = await okBody(
      await call('getAuthenticationConfiguration?networkId=201', 'beta.localhost'),
      authenticationConfigurationSchema,
    );
    expect(byId.providers).toEqual([
      { id: 1, driver: 'KEYCLOAK', isDefault: true, name: 'Alpha account' },
      { id: 2, driver: 'FRANCECONNECT', isDefault: false, name: 'FranceConnect' },
    ]);
    const byHost = await okBody(
      await call('getAuthenticationConfiguration', 'beta.localhost'),
      authenticationConfigurationSchema,
    );
    expect(byHost.providers).toEqual([]);
  });

  it("answers only each provider's id, driver, default flag and name: never its issuer, client or secret variable", async () => {
    const response = await call('getAuthenticationConfiguration?networkId=201');
    const text = await response.clone().text();
    const { providers } = await okBody(response, authenticationConfigurationSchema);
    expect(providers.map((provider) => Object.keys(provider).sort())).toEqual([
      ['driver', 'id', 'isDefault', 'name'],
      ['driver', 'id', 'isDefault', 'name'],
    ]);
    for (const hidden of [
      'clientSecretRef',
      'ALPHA_KEYCLOAK_CLIENT_SECRET',
      'issuer',
      'id.alpha.example',
      'clientId',
      'alpha-shop',
    ])
      expect(text, hidden).not.toContain(hidden);
  });

  it('answers 404 NETWORK_NOT_FOUND and 400 for unknown parameters', async () => {
    const unknown = await call('getAuthenticationConfiguration?networkId=9');
    expect(unknown.status).toBe(404);
    expect((await koBody(unknown)).code).toBe('NETWORK_NOT_FOUND');
    const extra = await call('getAuthenticationConfiguration?networkId=201&network_id=201');
    expect(extra.status).toBe(400);
    expect((await koBody(extra)).message).toContain('network_id');
  });
});

describe('Networks/collectSites', () => {
  it('NET-08 sorts the collect sites by index when asked, file order otherwise', async () => {
    const sorted = await okBody(
      await call('collectSites?id=201&sortByIndex=true'),
      collectSitesResponseSchema,
    );
    expect(sorted.map((site) => site.index)).toEqual([1, 2, 3]);
    expect(sorted.map((site) => site.name)).toEqual(['North agency', 'Harbour agency', 'Central agency']);
    const fileOrder = await okBody(
      await call('collectSites?id=201&sortByIndex=false'),
      collectSitesResponseSchema,
    );
    expect(fileOrder.map((site) => site.id)).toEqual([11, 12, 13]);
    const unspecified = await okBody(await call('collectSites?id=201'), collectSitesResponseSchema);
    expect(unspecified.map((site) => site.id)).toEqual([11, 12, 13]); // The answer keeps the legacy fields: the pick-up slots of the file are not part of it.
    const raw = (await (await call('collectSites?id=201')).json()) as { response: Record<string, unknown>[] };
    expect(raw.response[0]).toEqual({
      id: 11,
      index: 3,
      name: 'Central agency',
      address: {
        addressRoute: '11 rue du Quai',
        addressPostalCode: '75001',
        addressCity: 'Paris',
        addressState: 'FR',
      },
    });
  });

  it('answers an empty list for a network without collect sites and 400 for a bad sortByIndex', async () => {
    expect(await okBody(await call('collectSites?id=202'), collectSitesResponseSchema)).toEqual([]);
    const bad = await call('collectSites?id=201&sortByIndex=yes');
    expect(bad.status).toBe(400);
    expect((await koBody(bad)).message).toContain('sortByIndex');
  });
});

describe('Networks/getSchoolConfiguration and getQualificationValidationConfiguration', () => {
  it('answers the configurations of a network that has them', async () => {
    const school = await okBody(
      await call('getSchoolConfiguration?networkId=201'),
      schoolConfigurationSchema,
    );
    expect(school).toEqual({
      enabled: true,
      schoolYearStart: '09-01',
      schools: [{ id: 1, name: 'Lycée du Port' }],
    });
    const qualification = await okBody(
      await call('getQualificationValidationConfiguration?networkId=201'),
      qualificationValidationConfigurationSchema,
    );
    expect(qualification.validationDelayDays).toBe(2);
  });

  it('answers 404 NOT_CONFIGURED for a network without them', async () => {
    for (const path of ['getSchoolConfiguration?networkId=202', 'getQualificationValidationConfiguration']) {
      const response = await call(path, 'beta.localhost');
      expect(response.status, path).toBe(404);
      expect((await koBody(response)).code).toBe('NOT_CONFIGURED');
    }
  });
});
