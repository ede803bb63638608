import { describe, expect, it } from 'vitest';
import { useFixtureService } from '../test-support/service.ts';

const fixture = useFixtureService();

const configuration = async (response: Response) => {
  const body = (await response.json()) as { status: string; response: { id: number; name: string } };
  return body;
};

describe('network resolution', () => {
  it('NET-01 resolves the network of the Host header, with or without a port, in any case', async () => {
    for (const host of [
      'alpha.localhost',
      'alpha.localhost:8080',
      'SHOP.Alpha.Example',
      'shop.alpha.example:443',
    ]) {
      const response = await fixture.service.get(host, '/api/Networks/getNetworkConfiguration.json');
      expect(response.status, host).toBe(200);
      expect((await configuration(response)).response.name).toBe('Alpha Transit');
    }
  });

  it('NET-01 resolves a legacy call by ?domain= or by a numeric ?id=, whatever the Host', async () => {
    const byDomain = await fixture.service.get(
      'alpha.localhost',
      '/api/Networks/getNetworkConfiguration.json?domain=beta.localhost',
    );
    expect((await configuration(byDomain)).response).toMatchObject({ id: 202, name: 'Beta Bus' });
    const byId = await fixture.service.get(
      'nowhere.example',
      '/api/Networks/getNetworkConfiguration.json?id=203',
    );
    expect((await configuration(byId)).response.id).toBe(203);
    // Spec 02: id if numeric, else domain.
    const idAsDomain = await fixture.service.get(
      'nowhere.example',
      '/api/Networks/getNetworkConfiguration.json?id=beta.localhost',
    );
    expect((await configuration(idAsDomain)).response.id).toBe(202);
  });

  it('NET-01 refuses an unknown network with 404 ko NETWORK_NOT_FOUND', async () => {
    for (const path of [
      '/api/Networks/getNetworkConfiguration.json?id=999999',
      '/api/Networks/getNetworkConfiguration.json?domain=nowhere.example',
      '/api/Networks/getNetworkConfiguration.json',
      '/api/Networks/collectSites',
    ]) {
      const response = await fixture.service.get('nowhere.example', path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({
        status: 'ko',
        response: { error: { code: 'NETWORK_NOT_FOUND', message: expect.any(String) } },
      });
    }
  });

  it('NET-01 an unknown host gets the neutral 404 page, never a network shop', async () => {
    for (const path of ['/', '/en/cart', '/tenant/logo']) {
      const response = await fixture.service.get('nowhere.localhost:8080', path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('<html lang="en"');
      expect(html).toContain('Shop not found');
      expect(html).toContain('lang="ar"');
      for (const name of ['Alpha', 'Beta', 'Gamma', 'harbour', '201', 'network-bootstrap']) {
        expect(html, path).not.toContain(name);
      }
    }
  });

  it('a request without a Host header is not any network', async () => {
    const response = await fixture.service.app.request('/');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Shop not found');
  });
});
