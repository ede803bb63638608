// Unit-test setup: a test fails on any console.error (React warnings included); each test starts
// with an empty query cache.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../lib/query-client.tsx';

// findBy and waitFor wait for a condition: on a busy machine a lazily loaded page can take more
// than the default second to appear (the first test of a file compiles it: over five seconds while
// other suites ran), so they wait up to ten before failing.
configure({ asyncUtilTimeout: 10_000 });

// The server render's tests run in Node, without a window (entry-server.test.tsx).
const inBrowser = typeof window !== 'undefined';

// jsdom lays nothing out and has no scrolling: the router's scroll restoration scrolls nowhere.
if (inBrowser) window.scrollTo = () => {};

// jsdom's TextEncoder answers another realm's Uint8Array, which jose (the wallet's device proofs)
// refuses: the bytes are copied into this realm's.
class SameRealmTextEncoder extends TextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input));
  }
}
if (inBrowser) globalThis.TextEncoder = SameRealmTextEncoder;

/**
 * React's note that a synchronous act (testing-library's render, or its unmount after a test) left
 * a component suspended on a lazily loaded part: about how the harness renders, which then waits for
 * the page with findBy and waitFor, not about the page. Thrown from a microtask, it failed a whole
 * run now and then with every test passed (a product page's test, twice in full runs).
 */
const SYNCHRONOUS_ACT_SUSPENDED =
  'A component suspended inside an `act` scope, but the `act` call was not awaited';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith(SYNCHRONOUS_ACT_SUSPENDED)) return;
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});
afterEach(() => {
  if (inBrowser) cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
