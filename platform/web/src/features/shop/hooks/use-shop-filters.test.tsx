import { act, render, waitFor } from '@testing-library/react';
import type { ShopFilters } from '@transit-shop/sdk/catalogue/shop-listing';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ActiveShopFilters, useShopFilters } from './use-shop-filters.ts';

/** The shop's route with a loader that answers only when the test says, as a slow network would. */
function renderShop(initial: string) {
  const seen: { filters: ActiveShopFilters; change: (next: ShopFilters) => void }[] = [];
  const answers: (() => void)[] = [];
  function Shop() {
    const [filters, change] = useShopFilters();
    seen.push({ filters, change });
    return null;
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Shop />,
        loader: ({ request }) =>
          new URL(request.url).search === initial.slice(1)
            ? null
            : new Promise<null>((resolve) => answers.push(() => resolve(null))),
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return { router, latest: () => seen.at(-1) as (typeof seen)[number], answers };
}

describe('the shop filters in the address', () => {
  it('CAT-04 a change made before the previous one reached the address builds on it', async () => {
    const { router, latest, answers } = renderShop('/?rate=youth&mode=APP');
    await waitFor(() => expect(latest().filters.rate).toBe('youth'));

    // Clear, then pick a category at once, before the loaders of the first change answered.
    act(() => latest().change({ productTypeIndex: null, mode: null, rate: null }));
    act(() => latest().change({ productTypeIndex: 2 }));
    await act(async () => {
      for (const answer of answers.splice(0)) answer();
    });

    await waitFor(() => expect(router.state.location.search).toBe('?category=2'));
    expect(latest().filters).toEqual({ productTypeIndex: 2, mode: null, rate: null });
  });

  it('CAT-04 a change after the address caught up starts from the address', async () => {
    const { router, latest, answers } = renderShop('/?category=1');
    await waitFor(() => expect(latest().filters.productTypeIndex).toBe(1));
    act(() => latest().change({ rate: 'senior' }));
    await act(async () => {
      for (const answer of answers.splice(0)) answer();
    });
    await waitFor(() => expect(router.state.location.search).toBe('?category=1&rate=senior'));
    act(() => latest().change({ productTypeIndex: null }));
    await act(async () => {
      for (const answer of answers.splice(0)) answer();
    });
    await waitFor(() => expect(router.state.location.search).toBe('?rate=senior'));
  });
});
