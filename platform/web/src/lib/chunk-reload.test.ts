import { describe, expect, it, vi } from 'vitest';
import { createChunkReloader, isChunkLoadError, listenForChunkErrors } from './chunk-reload.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
  };
}

describe('chunk-load failure', () => {
  it('SHELL-02 reloads once, not again within 10 s, and again after', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const storage = memoryStorage();
    const reload = vi.fn();
    // Each reload starts a new page with its own reloader; session storage outlives them.
    const pageLoad = () => createChunkReloader({ storage, reload, now: () => Date.now() });
    expect(pageLoad().reload()).toBe(true);
    vi.advanceTimersByTime(9_999);
    expect(pageLoad().reload()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(pageLoad().reload()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('SHELL-02 a page already reloading does not reload twice nor show the error screen', () => {
    const reload = vi.fn();
    const reloader = createChunkReloader({ storage: memoryStorage(), reload, now: () => 1_000_000 });
    expect(reloader.reload()).toBe(true);
    expect(reloader.reload()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('SHELL-02 reloads on Vite preload errors', () => {
    const reload = vi.fn();
    const reloader = createChunkReloader({ storage: memoryStorage(), reload, now: () => 1_000_000 });
    const stop = listenForChunkErrors(() => reloader.reload());
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
