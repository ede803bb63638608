// Every entry of the header's and the footer's menus leads to a page with something on it, signed
// out and signed in: a heading alone is no page to send a traveller to.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../../test/fixtures/catalogue.ts';
import { renderApp } from '../../../test/render.tsx';
import { createTestSession, fixtureUser, stubTenantService } from '../../../test/session.ts';

const MENUS = ['Main navigation', 'Legal information'] as const;

/** What the page says or offers besides its headings: text, links, buttons or fields. */
function contentOf(main: HTMLElement): string {
  const copy = main.cloneNode(true) as HTMLElement;
  for (const heading of copy.querySelectorAll('h1, h2, h3, h4, h5, h6')) heading.remove();
  const controls = copy.querySelectorAll('a[href], button, input, select, textarea').length;
  return `${copy.textContent?.trim() ?? ''}${controls > 0 ? ` [${controls} controls]` : ''}`;
}

describe('the menus', () => {
  for (const signedIn of [false, true]) {
    // Each entry opens the whole app at its address: more than the default 15 s on a busy machine.
    it(`no entry of the header or footer menus leads to a page without content (${signedIn ? 'signed in' : 'signed out'})`, async () => {
      stubTenantService();
      createTestSession({
        handlers: { 'Products/getProducts.json': () => ({ ok: fixtureCatalogue() }) },
        ...(signedIn ? { signedInAs: fixtureUser() } : {}),
      });
      const first = await renderApp('/en/legal-notices');
      await screen.findByRole('heading', { level: 1, name: 'Legal notices' });
      const entries = MENUS.flatMap((menu) =>
        within(screen.getByRole('navigation', { name: menu }))
          .getAllByRole('link')
          .map((link) => ({ name: link.textContent ?? '', href: link.getAttribute('href') ?? '' })),
      );
      expect(entries.map((entry) => entry.name)).toEqual(
        expect.arrayContaining(['Shop', 'My account', 'Legal notices']),
      );
      first.unmount();

      // Each entry's address opened as the link opens it, guards and redirects included.
      for (const entry of entries) {
        const view = await renderApp(entry.href);
        const main = await screen.findByRole('main', {}, { timeout: 5000 });
        await within(main).findByRole('heading', { level: 1 }, { timeout: 5000 });
        await waitFor(() => expect(contentOf(main), `${entry.name} → ${entry.href}`).not.toBe(''), {
          timeout: 5000,
        });
        view.unmount();
      }
    }, 60_000);
  }
});
