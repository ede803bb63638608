import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, preloadLazyParts } from './lazy-part.ts';

const Part = ({ text }: { text: string }) => <p>{text}</p>;

describe('lazyPart', () => {
  it('suspends while its code loads when nobody loaded it ahead', async () => {
    const LoadedLater = lazyPart(async () => ({ default: Part }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <LoadedLater text="the part" />
      </Suspense>,
    );
    screen.getByText('loading');
    await screen.findByText('the part');
  });

  it('renders at once, without its fallback, once loaded ahead', async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const LoadedAhead = lazyPart(load);
    await LoadedAhead.preload();
    await LoadedAhead.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>loading</p>}>
        <LoadedAhead text="the part" />
      </Suspense>,
    );
    // No waiting: the first render holds the part.
    screen.getByText('the part');
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('lets hydration take the server’s markup over once every part is loaded', async () => {
    const ServerPart = lazyPart(async () => ({ default: Part }));
    const page = (
      <Suspense fallback={<p>loading</p>}>
        <ServerPart text="from the server" />
      </Suspense>
    );
    await ServerPart.preload();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    const serverElement = container.querySelector('p');
    await preloadLazyParts();
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: recoverable });
    });
    expect(container.querySelector('p')).toBe(serverElement);
    expect(serverElement?.textContent).toBe('from the server');
    expect(recoverable).not.toHaveBeenCalled();
  });
});
