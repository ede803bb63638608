// Unit-test setup: a test fails on any console.error (React warnings included); each test starts
// with an empty query cache.
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client.tsx';

// jsdom lays nothing out and has no scrolling: the router's scroll restoration scrolls nowhere.
window.scrollTo = () => {};

// jsdom's TextEncoder answers another realm's Uint8Array, which jose (the wallet's device proofs)
// refuses: the bytes are copied into this realm's.
class SameRealmTextEncoder extends TextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
globalThis.TextEncoder = SameRealmTextEncoder;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
