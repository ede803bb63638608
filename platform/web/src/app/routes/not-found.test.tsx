import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { Component as NotFound } from './not-found.tsx';

describe('404 page', () => {
  it('ROUTE-02 offers a button back home in the current language', async () => {
    const { router } = await renderWithApp(<NotFound />, { locale: 'en', path: '/en/nowhere' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('404');
    await userEvent.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(router.state.location.pathname).toBe('/en/');
  });
});
