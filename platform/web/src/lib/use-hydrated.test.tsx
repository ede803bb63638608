import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated.ts';

function Probe() {
  return <span>{useHydrated() ? 'interactive' : 'not yet'}</span>;
}

describe('useHydrated', () => {
  it('is false on the server and true in a page the browser renders', () => {
    expect(renderToString(<Probe />)).toBe('<span>not yet</span>');
    render(<Probe />);
    screen.getByText('interactive');
  });
});
