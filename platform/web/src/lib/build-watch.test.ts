import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { staleBuildLoader, watchBuild } from './build-watch.ts';

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

describe('the next navigation after a new build', () => {
  it('SHELL-01 is a full page load once the build is stale, an in-app one before', async () => {
    let stale = false;
    const assign = vi.fn();
    const router = createMemoryRouter(
      [
        {
          loader: staleBuildLoader({ isStale: () => stale }, assign),
          shouldRevalidate: () => true,
          HydrateFallback: () => null,
          children: [
            { path: '/', element: null },
            { path: '/legal-notices', element: null },
            { path: '/terms-of-use', element: null },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    await router.navigate('/legal-notices');
    expect(router.state.location.pathname).toBe('/legal-notices');
    expect(assign).not.toHaveBeenCalled();
    stale = true;
    void router.navigate('/terms-of-use?x=1');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/terms-of-use?x=1'));
    // The in-app navigation does not happen: the browser loads the page from the new build.
    expect(router.state.location.pathname).toBe('/legal-notices');
    router.dispose();
  });
});
