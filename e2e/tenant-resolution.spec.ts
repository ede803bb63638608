// The Host header picks the network; an unknown host never gets another network's shop.
import { expect, test } from '@playwright/test';
import { loadDemoNetworks } from './support/demo-networks.ts';
import { apiRequest, E2E_PORT } from './support/platform.ts';

const networks = await loadDemoNetworks();

test('NET-01 an unknown domain shows the neutral 404 page', async ({ page }) => {
  const response = await page.goto(`http://nowhere.localhost:${E2E_PORT}/`);
  expect(response?.status()).toBe(404);
  const html = await page.content();
  for (const network of networks) expect(html).not.toContain(network.name);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('NET-01 the legacy configuration call answers for a domain and a numeric id', async ({ request }) => {
  const byDomain = await request.get(
    ...apiRequest('lumiere', '/api/Networks/getNetworkConfiguration.json?domain=wahat.localhost'),
  );
  const body = await byDomain.json();
  expect(body.status).toBe('ok');
  expect(body.response.name).toBe(networks.find((n) => n.slug === 'wahat')?.name);
  const byId = await request.get(
    ...apiRequest('lumiere', `/api/Networks/getNetworkConfiguration.json?id=${body.response.id}`),
  );
  expect((await byId.json()).response.name).toBe(body.response.name);
  const unknown = await request.get(
    ...apiRequest('lumiere', '/api/Networks/getNetworkConfiguration.json?id=999999'),
  );
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).status).toBe('ko');
});

test('security headers are on every answer', async ({ request }) => {
  for (const path of ['/', '/api/Networks/getNetworks.json', '/no-such-page']) {
    const response = await request.get(...apiRequest('lumiere', path));
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toContain('max-age=');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBeTruthy();
    expect(headers['x-request-id']).toBeTruthy();
  }
});
