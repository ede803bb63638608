import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppearanceSwitch } from '../../../components/appearance-switch.tsx';
import { ErrorScreen } from '../../../components/error-screen.tsx';
import { fixtureBootstrap } from '../../../test/fixtures/bootstrap.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { LanguageMenu } from './language-menu.tsx';

/** The declarations of the page's style rules that match `element`, under the media queries `media` accepts (null: none). */
function stylesOf(element: Element, media: (condition: string | null) => boolean): CSSStyleDeclaration[] {
  const walk = (rules: CSSRuleList, condition: string | null): CSSStyleDeclaration[] =>
    [...rules].flatMap((rule) => {
      if (rule instanceof CSSMediaRule) return walk(rule.cssRules, rule.conditionText.replace(/\s/g, ''));
      // Pseudo-elements (::backdrop…) style no element.
      return rule instanceof CSSStyleRule &&
        media(condition) &&
        !rule.selectorText.includes('::') &&
        element.matches(rule.selectorText)
        ? [rule.style]
        : [];
    });
  return [...document.styleSheets].flatMap((sheet) => walk(sheet.cssRules, null));
}

describe('shell components', () => {
  it('SHELL-06 the header links to the shop, account and login, in the language', async () => {
    await renderWithApp(<Header />, { locale: 'en', path: '/en/' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/en/');
    // Request tracking needs a signed-in traveller: a visitor logs in first.
    expect(within(nav).queryByRole('link', { name: 'Request tracking' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/en/account');
    expect(within(nav).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/auth');
    expect(screen.getByText('Harbour Lines')).toBeTruthy();
  });

  it('SHELL-06 signed in, the header links to request tracking and the account, not to log in', async () => {
    await renderWithApp(<Header loggedIn />, { locale: 'en', path: '/en/' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Request tracking' }).getAttribute('href')).toBe(
      '/en/documents/submissions',
    );
    expect(within(nav).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/en/account');
    expect(within(nav).queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('signed in, the header leads to the wallet ("My tickets"), reached and followed with the keyboard', async () => {
    const { router } = await renderWithApp(<Header loggedIn />, { locale: 'en', path: '/en/' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const wallet = within(nav).getByRole('link', { name: 'My tickets' });
    expect(wallet.getAttribute('href')).toBe('/en/account/wallet');
    const user = userEvent.setup();
    // Tab by tab from the start of the page, as a keyboard user goes.
    for (let step = 0; step < 10 && document.activeElement !== wallet; step += 1) await user.tab();
    expect(document.activeElement).toBe(wallet);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/account/wallet'));
  });

  it('signed out, the header offers no wallet', async () => {
    await renderWithApp(<Header />, { locale: 'en', path: '/en/' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'My tickets' })).toBeNull();
  });

  it('on a phone the network name wraps instead of being cut; from sm up it stays on one line', async () => {
    await renderWithApp(<Header />, { locale: 'en', path: '/en/' });
    const name = screen.getByText('Harbour Lines');
    // jsdom lays nothing out: the rules that style the name are read, by the width they apply from.
    const phone = stylesOf(name, (media) => media === null || media.includes('min-width:0px'));
    expect(phone.map((style) => style.getPropertyValue('white-space'))).toContain('normal');
    expect(phone.map((style) => style.getPropertyValue('white-space'))).not.toContain('nowrap');
    expect(phone.map((style) => style.getPropertyValue('text-overflow'))).not.toContain('ellipsis');
    const wide = stylesOf(name, (media) => media?.includes('min-width:600px') ?? false);
    expect(wide.map((style) => style.getPropertyValue('white-space'))).toContain('nowrap');
    expect(wide.map((style) => style.getPropertyValue('text-overflow'))).toContain('ellipsis');
  });

  it('the small-screen menu button opens and closes the main links', async () => {
    await renderWithApp(<Header />, { locale: 'en', path: '/en/' });
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(
      screen.getByRole('navigation', { name: 'Main navigation' }).id,
    );
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('the footer links to the legal pages and offers the language and appearance choices', async () => {
    await renderWithApp(<Footer />, { locale: 'en', path: '/en/' });
    const nav = screen.getByRole('navigation', { name: 'Legal information' });
    expect(within(nav).getByRole('link', { name: 'Legal notices' }).getAttribute('href')).toBe(
      '/en/legal-notices',
    );
    expect(within(nav).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      '/en/privacy-policy',
    );
    expect(within(nav).getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe(
      '/en/terms-of-use',
    );
    expect(screen.getByText('Open every day')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Harbour Lines`)).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Language/ })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Appearance' })).toBeTruthy();
  });

  it('SHELL-03 the error screen defaults to 500 and the generic message', async () => {
    await renderWithApp(<ErrorScreen homeHref="/" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('500');
    expect(screen.getByText('Une erreur est survenue. Veuillez réessayer plus tard.')).toBeTruthy();
  });

  it('SHELL-03 the error screen shows the status and message it is given', async () => {
    await renderWithApp(<ErrorScreen status={503} message="Service closed" homeHref="/en/" />, {
      locale: 'en',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('503');
    expect(screen.getByText('Service closed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/en/');
  });

  it('I18N-01 the language menu offers only the network languages and remembers the choice', async () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    const { router } = await renderWithApp(<LanguageMenu />, { locale: 'en', path: '/en/terms-of-use?x=1' });
    await userEvent.click(screen.getByRole('button', { name: /Language/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Français', 'English', 'العربية']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'العربية' }));
    expect(set).toHaveBeenCalledWith('locale=ar; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(router.state.location.pathname).toBe('/ar/terms-of-use');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('I18N-01 on a network whose default language is Arabic the menu takes French to its /fr address', async () => {
    const fixture = fixtureBootstrap();
    const bootstrap = fixtureBootstrap({
      network: { ...fixture.network, languages: ['ar', 'fr', 'en'], defaultLanguage: 'ar' },
      locale: 'ar',
      direction: 'rtl',
    });
    const { router } = await renderWithApp(<LanguageMenu />, {
      locale: 'ar',
      path: '/ar/terms-of-use',
      bootstrap,
    });
    await userEvent.click(screen.getByRole('button', { name: /اللغة/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Français' }));
    expect(router.state.location.pathname).toBe('/fr/terms-of-use');
  });

  it('THEME-01 THEME-02 the appearance switch writes the cookie and sets data-color-scheme', async () => {
    const set = vi.spyOn(document, 'cookie', 'set');
    await renderWithApp(<AppearanceSwitch />, { locale: 'en' });
    expect(screen.getByRole('button', { name: 'System' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement.getAttribute('data-color-scheme')).toBe('dark'));
    expect(set).toHaveBeenCalledWith('theme=DARK; Max-Age=315360000; Path=/; SameSite=Strict');
    expect(screen.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true');
  });
});
