import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { staleBuildLoader } from './stale-build-loader.ts';

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
