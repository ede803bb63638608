import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, listenForChunkErrors, reloadAfterChunkError } from './chunk-reload.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe('chunk-load failure', () => {
  it('SHELL-02 reloads once, not again within 10 s, and again after', () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const reload = vi.fn();
    const options = { storage, reload, now: () => now };
    expect(reloadAfterChunkError(options)).toBe(true);
    now += 9_999;
    expect(reloadAfterChunkError(options)).toBe(false);
    now += 1;
    expect(reloadAfterChunkError(options)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('SHELL-02 reloads on Vite preload errors', () => {
    const reload = vi.fn();
    const stop = listenForChunkErrors({ storage: memoryStorage(), reload, now: () => 1_000_000 });
    const event = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(event);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    stop();
  });

  it('recognises the browsers’ chunk-load messages', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
