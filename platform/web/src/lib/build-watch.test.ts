import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchBuild } from './build-watch.ts';

describe('build watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('SHELL-01 stays quiet while the build is the same, then notices a new one', async () => {
    let buildId = 'b1';
    const fetchManifest = vi.fn(async () => ({ buildId }));
    const reload = vi.fn();
    const watch = watchBuild({
      currentBuildId: 'b1',
      fetchManifest,
      intervalMs: 1000,
      reload,
      isHidden: () => false,
    });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchManifest).toHaveBeenCalledTimes(3);
    expect(watch.isStale()).toBe(false);
    buildId = 'b2';
    await vi.advanceTimersByTimeAsync(1000);
    expect(watch.isStale()).toBe(true);
    // A visible tab is not reloaded under the visitor's feet: the next navigation does it.
    expect(reload).not.toHaveBeenCalled();
    watch.stop();
  });

  it('SHELL-01 reloads a hidden tab at once on a new build; survives a failed poll', async () => {
    const fetchManifest = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ buildId: 'b2' });
    const reload = vi.fn();
    const watch = watchBuild({
      currentBuildId: 'b1',
      fetchManifest,
      intervalMs: 1000,
      reload,
      isHidden: () => true,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).toHaveBeenCalledTimes(1);
    watch.stop();
  });
});
