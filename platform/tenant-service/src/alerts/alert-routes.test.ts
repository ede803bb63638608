import { beaconResponseSchema } from '@transit-shop/sdk/alerts/alert.schema';
import { describe, expect, it } from 'vitest';
import { startService, useFixtureService } from '../test-support/service.ts';

const fixture = useFixtureService();

const beacon = async (query: string, host = 'alpha.localhost') => {
  const response = await fixture.service.get(host, `/alerts?${query}`);
  return { response, body: (await response.json()) as unknown };
};
const ids = (body: unknown) =>
  beaconResponseSchema.parse(body).payload.map((alert) => [alert.id, alert.channel]);

describe('GET /alerts (the maintenance-alert beacon)', () => {
  it('ALERT-07 answers the alerts of the global, global/{flag}, network/{id} and network/{id}/{flag} channels', async () => {
    const { response, body } = await beacon(
      'channel=global,network/201,global/ORDER,network/201/ORDER&displayed=true',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ids(body)).toEqual([
      ['global-news', 'global'],
      ['global-past', 'global'],
      ['works', 'network/201'],
      ['global-order', 'global/ORDER'],
      ['orders-slow', 'network/201/ORDER'],
      ['papers', 'network/201/ORDER'],
    ]);
  });

  it('ALERT-07 lists an alert once, on the first requested channel that publishes it', async () => {
    const { body } = await beacon('channel=network/201/VALIDATION,network/201/ORDER&displayed=true');
    expect(ids(body)).toEqual([
      ['papers', 'network/201/VALIDATION'],
      ['orders-slow', 'network/201/ORDER'],
    ]);
    const encodedCommas = await beacon(
      'channel=network%2F201%2FVALIDATION%2Cnetwork%2F201%2FORDER&displayed=true',
    );
    expect(ids(encodedCommas.body)).toEqual(ids(body));
  });

  it('ALERT-07 displayed=true leaves out alerts switched off; without it they are listed too', async () => {
    expect(
      ids((await beacon('channel=global,network/201&displayed=true')).body).map(([id]) => id),
    ).not.toContain('draft');
    const all = ids((await beacon('channel=global,network/201')).body).map(([id]) => id);
    expect(all).toContain('draft');
    expect(all).toContain('global-hidden');
  });

  it('ALERT-10 announces its cache lifetime; display windows are left to the client clock', async () => {
    const { response, body } = await beacon('channel=global&displayed=true');
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    // An alert whose window has passed is still served: a cached answer must start and stop on time.
    expect(ids(body).map(([id]) => id)).toContain('global-past');
    const alert = beaconResponseSchema.parse(body).payload.find((a) => a.id === 'global-past');
    expect(alert).toMatchObject({
      displayAfter: '2020-01-01T00:00:00Z',
      displayBefore: '2020-01-02T00:00:00Z',
    });

    const shortLived = await startService(fixture.dirs, { ALERT_MAX_AGE_SECONDS: '7' });
    const other = await shortLived.get('alpha.localhost', '/alerts?channel=global&displayed=true');
    expect(other.headers.get('cache-control')).toBe('public, max-age=7');
  });

  it('serves any channel whatever the Host, readable from any origin', async () => {
    const { response, body } = await beacon(
      'channel=network/202,network/201&displayed=true',
      'unknown.example',
    );
    expect(response.status).toBe(200);
    expect(ids(body).map(([id]) => id)).toEqual(['works']);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const api = await fixture.service.get('alpha.localhost', '/api/Networks/getNetworks.json');
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 400 ko for a missing, empty or malformed channel and unknown parameters', async () => {
    for (const query of [
      'displayed=true',
      'channel=&displayed=true',
      'channel=,,',
      'channel=network/abc',
      'channel=global/order',
      'channel=global&displayed=yes',
      'channel=global&since=1',
    ]) {
      const { response, body } = await beacon(query);
      expect(response.status, query).toBe(400);
      expect(body, query).toMatchObject({ status: 'ko', response: { error: { code: 'INVALID_REQUEST' } } });
    }
  });
});
