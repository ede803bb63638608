import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { MaintenancePage } from './maintenance-page.tsx';

describe('maintenance page', () => {
  it('SHELL-04 the maintenance page shows the estimated end date in the network time zone', async () => {
    const alert = {
      id: 'm',
      level: 'CRITICAL' as const,
      flags: ['MAINTENANCE'],
      displayAfter: null,
      displayBefore: '2026-12-06T04:00:00Z',
      displayed: true,
      message: { en: 'Payment upgrade' },
      channel: 'network/7/MAINTENANCE',
    };
    await renderWithApp(<MaintenancePage alert={alert} />, { locale: 'en' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Maintenance in progress');
    expect(screen.getByText('Payment upgrade')).toBeTruthy();
    expect(screen.getByText(/Estimated end: Sunday, December 6, 2026 at 5:00/)).toBeTruthy();
  });

  it('SHELL-04 without an end date the maintenance page says it will be back soon', async () => {
    await renderWithApp(<MaintenancePage alert={null} />, { locale: 'fr' });
    expect(screen.getByText('Nous serons de retour très bientôt.')).toBeTruthy();
  });
});
