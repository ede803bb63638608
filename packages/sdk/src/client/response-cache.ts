// Answers to GET calls kept for a while (API-06: 5 minutes by default), keyed by the whole URL,
// with the clock injected so tests can move time.
import { RESPONSE_CACHE_TTL_MS } from '../constants.ts';

export type ResponseCache = {
  get(key: string): { status: number; text: string } | undefined;
  set(key: string, answer: { status: number; text: string }): void;
  clear(): void;
};

// Enough for every GET a session makes; the oldest answers go first beyond it.
const MAX_ENTRIES = 500;

export function createResponseCache(options: { ttlMs?: number; now?: () => number } = {}): ResponseCache {
  const ttlMs = options.ttlMs ?? RESPONSE_CACHE_TTL_MS;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, { expiresAt: number; status: number; text: string }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() >= entry.expiresAt) {
        entries.delete(key);
        return undefined;
      }
      return { status: entry.status, text: entry.text };
    },
    set(key, answer) {
      if (ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { ...answer, expiresAt: now() + ttlMs });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
