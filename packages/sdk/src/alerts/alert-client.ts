// Fetches maintenance alerts from beacon sources tried in order, with timeouts, penalties for
// failing sources, a slower fallback attempt and Cache-Control caching. Never throws, never logs.
import { type BeaconResponse, beaconResponseSchema, type MaintenanceAlert } from './alert.schema.ts';

export const ALERT_TIMEOUT_MS = 1000;
export const ALERT_FAILURE_PENALTY_MS = 60_000;
export const ALERT_FALLBACK_PENALTY_MS = 10_000;
export const ALERT_FALLBACK_TIMEOUT_MS = 8000;

export type AlertClientOptions = {
  /** Pipe-separated beacon base URLs, tried in order. */
  sources: string;
  fetch?: typeof fetch;
  now?: () => number;
  timeoutMs?: number;
  failurePenaltyMs?: number;
  fallbackPenaltyMs?: number;
  fallbackTimeoutMs?: number;
};

export type AlertClient = { getAlerts(channels: readonly string[]): Promise<MaintenanceAlert[] | null> };

export function parseSources(sources: string): string[] {
  return sources
    .split('|')
    .map((source) => source.trim())
    .filter(Boolean);
}

// A stand-in origin that lets URL handle a relative source outside a browser; stripped again.
const RELATIVE_BASE = 'http://relative.invalid';

/**
 * The beacon URL for a set of channels. A relative source resolves against the page's location
 * in a browser; without one it stays relative, for a fetch that knows its own base.
 */
export function beaconUrl(source: string, channels: readonly string[]): string {
  const location = (globalThis as { location?: { href: string } }).location;
  const relative = !location && !URL.canParse(source);
  const url = new URL(source, location?.href ?? RELATIVE_BASE);
  const params = new URLSearchParams(url.search);
  params.delete('channel');
  params.set('displayed', 'true');
  // URLSearchParams would write the commas as %2C: the channel list is written by hand so the
  // beacon can split it on literal commas, each channel name still encoded.
  url.search = `channel=${channels.map(encodeURIComponent).join(',')}&${params}`;
  return relative ? url.href.slice(RELATIVE_BASE.length) : url.href;
}

/** Seconds of `max-age` in a Cache-Control header, or 0. */
export function maxAgeSeconds(cacheControl: string | null): number {
  const match = cacheControl?.match(/(?:^|,)\s*max-age=(\d+)/i);
  return match ? Number(match[1]) : 0;
}

export function createAlertClient(options: AlertClientOptions): AlertClient {
  const sources = parseSources(options.sources);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? ALERT_TIMEOUT_MS;
  const failurePenaltyMs = options.failurePenaltyMs ?? ALERT_FAILURE_PENALTY_MS;
  const fallbackPenaltyMs = options.fallbackPenaltyMs ?? ALERT_FALLBACK_PENALTY_MS;
  const fallbackTimeoutMs = options.fallbackTimeoutMs ?? ALERT_FALLBACK_TIMEOUT_MS;

  const penalisedUntil = new Map<string, number>();
  let fallbackPenalisedUntil = 0;
  const cache = new Map<string, { alerts: MaintenanceAlert[]; expiresAt: number }>();
  const lastGood = new Map<string, MaintenanceAlert[]>();
  const inFlight = new Map<string, Promise<MaintenanceAlert[] | null>>();

  /** One try of one source; null on any failure, never a rejection. */
  async function tryFetch(
    source: string,
    channels: readonly string[],
    timeout: number,
  ): Promise<{ body: BeaconResponse; maxAge: number } | null> {
    const controller = new AbortController();
    // The race guards against a fetch that ignores its signal: the try still ends on time.
    const timedOut = new Promise<null>((resolve) => {
      controller.signal.addEventListener('abort', () => resolve(null), { once: true });
    });
    const timer = setTimeout(() => controller.abort(), timeout);
    const attempt = async () => {
      const response = await doFetch(beaconUrl(source, channels), {
        signal: controller.signal,
        headers: { accept: 'application/json' },
      });
      if (!response.ok) return null;
      const parsed = beaconResponseSchema.safeParse(await response.json());
      return parsed.success
        ? { body: parsed.data, maxAge: maxAgeSeconds(response.headers.get('cache-control')) }
        : null;
    };
    try {
      return await Promise.race([attempt().catch(() => null), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function load(key: string, channels: readonly string[]): Promise<MaintenanceAlert[] | null> {
    const remember = (result: { body: BeaconResponse; maxAge: number }) => {
      lastGood.set(key, result.body.payload);
      if (result.maxAge > 0)
        cache.set(key, { alerts: result.body.payload, expiresAt: now() + result.maxAge * 1000 });
      return result.body.payload;
    };
    for (const source of sources) {
      if ((penalisedUntil.get(source) ?? 0) > now()) continue;
      const result = await tryFetch(source, channels, timeoutMs);
      if (result) return remember(result);
      penalisedUntil.set(source, now() + failurePenaltyMs);
    }
    // Every source failed or is penalised: one slower attempt on the first source, at most once per fallback penalty.
    const first = sources[0];
    if (first && fallbackPenalisedUntil <= now()) {
      const result = await tryFetch(first, channels, fallbackTimeoutMs);
      if (result) {
        penalisedUntil.delete(first);
        return remember(result);
      }
      fallbackPenalisedUntil = now() + fallbackPenaltyMs;
    }
    return lastGood.get(key) ?? null;
  }

  return {
    getAlerts(channels) {
      const key = [...channels].sort().join(',');
      const cached = cache.get(key);
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.alerts);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const request = load(key, channels).finally(() => inFlight.delete(key));
      inFlight.set(key, request);
      return request;
    },
  };
}
