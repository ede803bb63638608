import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beaconUrl, createAlertClient } from './alert-client.ts';

const ALERT = { id: 'works', level: 'WARNING', flags: [], message: { en: 'Works' }, channel: 'global' };

type Behaviour = 'ok' | 'error' | 'hang' | 'malformed' | 'unavailable' | { maxAge: number };

/** A fetch whose answer per source the test decides; records every URL asked. */
function fakeBeacons(behaviours: Record<string, Behaviour>) {
  const calls: string[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    const source = Object.keys(behaviours).find((s) => url.startsWith(s)) as string;
    const behaviour = behaviours[source];
    if (behaviour === 'hang') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    if (behaviour === 'error') return Promise.reject(new TypeError('connection refused'));
    if (behaviour === 'malformed') return Promise.resolve(Response.json({ alerts: 'nope' }));
    if (behaviour === 'unavailable') {
      return Promise.resolve(Response.json({ payload: [{ ...ALERT, id: source }] }, { status: 503 }));
    }
    const headers =
      typeof behaviour === 'object' ? { 'cache-control': `public, max-age=${behaviour.maxAge}` } : undefined;
    return Promise.resolve(Response.json({ payload: [{ ...ALERT, id: source }] }, { headers }));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, behaviours };
}

const A = 'https://a.example/alerts';
const B = 'https://b.example/alerts';

describe('maintenance alert client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-12-10T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('ALERT-07 asks for the channels comma-joined with displayed=true', async () => {
    const beacons = fakeBeacons({ [A]: 'ok' });
    await createAlertClient({ sources: A, fetch: beacons.fetch }).getAlerts([
      'global',
      'network/101',
      'network/101/ORDER',
    ]);
    expect(beacons.calls).toEqual([`${A}?channel=global,network%2F101,network%2F101%2FORDER&displayed=true`]);
    const url = new URL(beacons.calls[0] as string);
    expect(url.searchParams.get('channel')).toBe('global,network/101,network/101/ORDER');
  });

  it('ALERT-07 resolves a relative source against the page location', async () => {
    vi.stubGlobal('location', new URL('https://shop.example/en/account?tab=1'));
    const beacons = fakeBeacons({ 'https://shop.example/alerts': 'ok' });
    await createAlertClient({ sources: '/alerts', fetch: beacons.fetch }).getAlerts(['global']);
    expect(beacons.calls).toEqual(['https://shop.example/alerts?channel=global&displayed=true']);
  });

  it("ALERT-07 keeps a source's own query parameters and leaves a relative source relative outside a browser", () => {
    expect(beaconUrl('https://a.example/alerts?key=k1&channel=old', ['global', 'global/ORDER'])).toBe(
      'https://a.example/alerts?channel=global,global%2FORDER&key=k1&displayed=true',
    );
    expect(beaconUrl('/alerts', ['global'])).toBe('/alerts?channel=global&displayed=true');
  });

  it('ALERT-08 tries the sources in order and uses the first that works', async () => {
    const beacons = fakeBeacons({ [A]: 'error', [B]: 'ok' });
    const alerts = await createAlertClient({ sources: `${A}|${B}`, fetch: beacons.fetch }).getAlerts([
      'global',
    ]);
    expect(alerts?.map((a) => a.id)).toEqual([B]);
    expect(beacons.calls.map((u) => u.split('?')[0])).toEqual([A, B]);
  });

  it('ALERT-08 uses the first source when it works and never asks the next', async () => {
    const beacons = fakeBeacons({ [A]: 'ok', [B]: 'ok' });
    const alerts = await createAlertClient({ sources: ` ${A} | ${B} `, fetch: beacons.fetch }).getAlerts([
      'global',
    ]);
    expect(alerts?.map((a) => a.id)).toEqual([A]);
    expect(beacons.calls.map((u) => u.split('?')[0])).toEqual([A]);
  });

  it('ALERT-08 counts a non-2xx answer and a malformed body as failures', async () => {
    const C = 'https://c.example/alerts';
    const beacons = fakeBeacons({ [A]: 'unavailable', [B]: 'malformed', [C]: 'ok' });
    const client = createAlertClient({ sources: `${A}|${B}|${C}`, fetch: beacons.fetch });
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([C]);
    beacons.calls.length = 0;
    // Both failed sources are now penalised: the next call goes straight to the third.
    await client.getAlerts(['global']);
    expect(beacons.calls.map((u) => u.split('?')[0])).toEqual([C]);
  });

  it('ALERT-09 gives up on a source after 1000 ms', async () => {
    const beacons = fakeBeacons({ [A]: 'hang', [B]: 'ok' });
    const pending = createAlertClient({ sources: `${A}|${B}`, fetch: beacons.fetch }).getAlerts(['global']);
    await vi.advanceTimersByTimeAsync(999);
    expect(beacons.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending)?.map((a) => a.id)).toEqual([B]);
  });

  it('ALERT-09 ends a try at 1000 ms even when the fetch ignores its abort signal', async () => {
    const calls: string[] = [];
    const deaf = ((input: string | URL | Request) => {
      calls.push(String(input));
      return calls.length === 1
        ? new Promise<Response>(() => undefined)
        : Promise.resolve(Response.json({ payload: [{ ...ALERT, id: 'second' }] }));
    }) as typeof globalThis.fetch;
    const pending = createAlertClient({ sources: `${A}|${B}`, fetch: deaf }).getAlerts(['global']);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await pending)?.map((a) => a.id)).toEqual(['second']);
  });

  it('ALERT-09 skips a failed source for 60000 ms, then tries it again', async () => {
    const beacons = fakeBeacons({ [A]: 'error', [B]: 'ok' });
    const client = createAlertClient({ sources: `${A}|${B}`, fetch: beacons.fetch });
    await client.getAlerts(['global']);
    beacons.behaviours[A] = 'ok';
    beacons.calls.length = 0;
    await vi.advanceTimersByTimeAsync(59_999);
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([B]);
    expect(beacons.calls.map((u) => u.split('?')[0])).toEqual([B]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([A]);
  });

  it('ALERT-09 measures penalties on the injected clock', async () => {
    let clock = 1_000_000;
    const beacons = fakeBeacons({ [A]: 'error', [B]: 'ok' });
    const client = createAlertClient({ sources: `${A}|${B}`, fetch: beacons.fetch, now: () => clock });
    await client.getAlerts(['global']);
    beacons.behaviours[A] = 'ok';
    clock += 59_999;
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([B]);
    clock += 1;
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([A]);
  });

  it('ALERT-09 falls back to the first source with an 8000 ms timeout, at most once per 10000 ms', async () => {
    const beacons = fakeBeacons({ [A]: 'error', [B]: 'error' });
    const client = createAlertClient({ sources: `${A}|${B}`, fetch: beacons.fetch });
    expect(await client.getAlerts(['global'])).toBeNull();
    expect(beacons.calls.map((u) => u.split('?')[0])).toEqual([A, B, A]);

    // Both sources penalised; the fallback is penalised too for 10 s: no request at all.
    beacons.calls.length = 0;
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await client.getAlerts(['global'])).toBeNull();
    expect(beacons.calls).toEqual([]);

    // After 10 s, one fallback attempt on the first source, which may take up to 8 s.
    await vi.advanceTimersByTimeAsync(1);
    beacons.behaviours[A] = 'hang';
    let settled = false;
    const pending = client.getAlerts(['global']).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(7_999);
    beacons.behaviours[A] = 'ok';
    expect(beacons.calls).toHaveLength(1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeNull();

    // A fallback that answers brings the alerts back.
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([A]);
  });

  it('ALERT-10 honours the cache-control max-age of the answer', async () => {
    const beacons = fakeBeacons({ [A]: { maxAge: 30 } });
    const client = createAlertClient({ sources: A, fetch: beacons.fetch });
    await client.getAlerts(['global', 'network/1']);
    await vi.advanceTimersByTimeAsync(29_999);
    await client.getAlerts(['network/1', 'global']);
    expect(beacons.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await client.getAlerts(['global', 'network/1']);
    expect(beacons.calls).toHaveLength(2);
  });

  it('ALERT-10 does not cache an answer without max-age, and shares a request in flight', async () => {
    const beacons = fakeBeacons({ [A]: 'ok' });
    const client = createAlertClient({ sources: A, fetch: beacons.fetch });
    await Promise.all([client.getAlerts(['global']), client.getAlerts(['global'])]);
    expect(beacons.calls).toHaveLength(1);
    await client.getAlerts(['global']);
    expect(beacons.calls).toHaveLength(2);
  });

  it('ALERT-11 is silent when every source fails, malformed answers included', async () => {
    const methods = ['log', 'info', 'debug', 'warn', 'error'] as const;
    const spies = methods.map((method) => vi.spyOn(console, method).mockImplementation(() => undefined));
    const beacons = fakeBeacons({ [A]: 'malformed', [B]: 'error' });
    const client = createAlertClient({ sources: `${A}|${B}`, fetch: beacons.fetch });
    await expect(client.getAlerts(['global'])).resolves.toBeNull();
    // Still silent on the next calls, inside the penalties, and after the fallback penalty.
    await expect(client.getAlerts(['global'])).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(client.getAlerts(['global'])).resolves.toBeNull();
    // A relative source outside a browser (no location) is refused by fetch, as quietly.
    const strictFetch = ((input: string | URL | Request) => {
      if (!URL.canParse(String(input))) throw new TypeError('Invalid URL');
      return Promise.resolve(Response.json({ payload: [] }));
    }) as typeof globalThis.fetch;
    await expect(
      createAlertClient({ sources: '/alerts', fetch: strictFetch }).getAlerts(['global']),
    ).resolves.toBeNull();
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });

  it('ALERT-11 keeps answering the last good alerts while every source fails', async () => {
    const beacons = fakeBeacons({ [A]: 'ok' });
    const client = createAlertClient({ sources: A, fetch: beacons.fetch });
    await client.getAlerts(['global']);
    beacons.behaviours[A] = 'error';
    expect((await client.getAlerts(['global']))?.map((a) => a.id)).toEqual([A]);
  });
});
