import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NetworkDirectory } from '../../tenants/network-directory.ts';
import { loadDemoNetworks } from '../../test-support/demo-networks.ts';
import { DEMO_STUDENT_NUMBERS, demoQualificationProvider } from './demo-qualification-provider.ts';

let lumiere: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  const network = networks.byId(101);
  if (!network) throw new Error('no network 101');
  lumiere = network;
});

/** Lumière as the register sees it, in the given time zone. */
function directoryIn(timeZone?: string): Pick<NetworkDirectory, 'byId'> {
  const network = timeZone
    ? { ...lumiere, network: { ...lumiere.network, config: { ...lumiere.network.config, timeZone } } }
    : lumiere;
  return { byId: (id: number) => (id === 101 ? network : undefined) };
}

function check(
  now: Date,
  input: string,
  over: { networkId?: number; providerId?: number; documentTypeId?: number } = {},
  timeZone?: string,
) {
  return demoQualificationProvider({ networks: directoryIn(timeZone) }).check({
    networkId: over.networkId ?? 101,
    providerId: over.providerId ?? 2,
    documentTypeId: over.documentTypeId ?? 1,
    input,
    now,
  });
}

describe('demo qualification provider', () => {
  it('accepts a demo student number at once, until the next school year starts in Paris', async () => {
    const now = new Date('2026-03-10T10:00:00Z');
    for (const number of DEMO_STUDENT_NUMBERS) {
      await expect(check(now, number)).resolves.toEqual({
        verdict: 'ACCEPTED',
        startingAt: now,
        // 1 September 00:00 in Paris (summer time) is 31 August 22:00 UTC.
        expiresAt: new Date('2026-08-31T22:00:00.000Z'),
      });
    }
  });

  it('counts the school year on the network calendar: past midnight in Paris it is already the next one', async () => {
    // Still 31 August in UTC, already 1 September in Paris.
    const now = new Date('2026-08-31T22:30:00Z');
    const verdict = await check(now, 'LUM-ETU-2026-0002');
    expect(verdict).toEqual({
      verdict: 'ACCEPTED',
      startingAt: now,
      expiresAt: new Date('2027-08-31T22:00:00.000Z'),
    });
  });

  it('follows the network time zone when it is another one', async () => {
    // 31 August 19:00 in New York: the school year starts in a few hours, at 04:00 UTC.
    const now = new Date('2026-08-31T23:00:00Z');
    const verdict = await check(now, 'LUM-ETU-2026-0004', {}, 'America/New_York');
    expect(verdict).toEqual({
      verdict: 'ACCEPTED',
      startingAt: now,
      expiresAt: new Date('2026-09-01T04:00:00.000Z'),
    });
  });

  it('reads the number whatever its case and surrounding spaces', async () => {
    const verdict = await check(new Date('2026-01-05T08:00:00Z'), '  lum-etu-2026-0005 ');
    expect(verdict.verdict).toBe('ACCEPTED');
  });

  it('refuses what is not a student number, with the reason in plain words', async () => {
    for (const input of ['', 'hello', 'LUM-ETU-26-1', 'LUM-ETU-2026-00011', 'XYZ-ETU-2026-0001']) {
      const verdict = await check(new Date('2026-01-05T08:00:00Z'), input);
      expect(verdict.verdict).toBe('REFUSED');
      if (verdict.verdict === 'REFUSED') expect(verdict.reason).toMatch(/not a student number/);
    }
  });

  it('leaves a well-formed number the register does not know to staff', async () => {
    await expect(check(new Date('2026-01-05T08:00:00Z'), 'LUM-ETU-2026-9999')).resolves.toEqual({
      verdict: 'UNDECIDED',
    });
  });

  it('leaves other document types, other providers and other networks to staff', async () => {
    const now = new Date('2026-01-05T08:00:00Z');
    await expect(check(now, 'LUM-ETU-2026-0001', { documentTypeId: 2 })).resolves.toEqual({
      verdict: 'UNDECIDED',
    });
    await expect(check(now, 'LUM-ETU-2026-0001', { providerId: 1 })).resolves.toEqual({
      verdict: 'UNDECIDED',
    });
    await expect(check(now, 'LUM-ETU-2026-0001', { networkId: 102 })).resolves.toEqual({
      verdict: 'UNDECIDED',
    });
  });
});
