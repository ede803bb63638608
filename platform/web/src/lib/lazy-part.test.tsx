import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, preloadLazyParts } from './lazy-part.tsx';

const Part = ({ text }: { text: string }) => <p>{text}</p>;

describe('lazyPart', () => {
  it('renders nothing while its code loads, then the part', async () => {
    const LoadedLater = lazyPart(async () => ({ default: Part }));
    const { container } = render(<LoadedLater text="the part" />);
    expect(container.textContent).toBe('');
    await screen.findByText('the part');
  });

  it('renders in place once loaded ahead, without a Suspense boundary in the server’s markup', async () => {
    const load = vi.fn(async () => ({ default: Part }));
    const LoadedAhead = lazyPart(load);
    await LoadedAhead.preload();
    await LoadedAhead.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // React marks a Suspense boundary with <!--$-->: a part in place has none.
    expect(renderToString(<LoadedAhead text="the part" />)).toBe('<p>the part</p>');
    render(<LoadedAhead text="the part" />);
    screen.getByText('the part');
  });

  it('keeps a part that mounted while loading, and its state, when the code arrives', async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount(count + 1)}>
          {count}
        </button>
      );
    }
    const Counted = lazyPart(async () => ({ default: Counter }));
    function Page({ label }: { label: string }) {
      return (
        <>
          <h1>{label}</h1>
          <Counted />
        </>
      );
    }
    const { rerender } = render(<Page label="first" />);
    const button = await screen.findByRole('button', { name: '0' });
    await act(async () => button.click());
    rerender(<Page label="second" />);
    expect(screen.getByRole('button', { name: '1' })).toBe(button);
  });

  it('lets hydration take the server’s markup over once every part is loaded', async () => {
    const ServerPart = lazyPart(async () => ({ default: Part }));
    const page = <ServerPart text="from the server" />;
    await preloadLazyParts();
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    const serverElement = container.querySelector('p');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: recoverable });
    });
    expect(container.querySelector('p')).toBe(serverElement);
    expect(recoverable).not.toHaveBeenCalled();
  });
});
