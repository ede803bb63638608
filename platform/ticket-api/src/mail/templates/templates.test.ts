import { LOCALES, type Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailLocale } from '../../tenants/network-locale.ts';
import { loadDemoNetworks } from '../../test-support/demo-networks.ts';
import type { MailMessage } from '../mail-message.ts';
import { deletionConfirmationEmail } from './deletion-confirmation-email.ts';
import { escapeHtml, shopLink } from './email-layout.ts';
import { passwordResetEmail } from './password-reset-email.ts';
import { reactivationEmail } from './reactivation-email.ts';
import { verificationEmail } from './verification-email.ts';

let lumiere: LoadedNetwork;
let wahat: LoadedNetwork;
beforeAll(async () => {
  const networks = await loadDemoNetworks();
  const byId = (id: number) => {
    const network = networks.byId(id);
    if (!network) throw new Error(`no network ${id}`);
    return network;
  };
  lumiere = byId(101);
  wahat = byId(102);
});

function withConfig(
  network: LoadedNetwork,
  changes: Partial<LoadedNetwork['network']['config']>,
): LoadedNetwork {
  return { ...network, network: { ...network.network, config: { ...network.network.config, ...changes } } };
}

const TEMPLATES: Record<string, (network: LoadedNetwork, locale: Locale) => MailMessage> = {
  verification: (network, locale) =>
    verificationEmail({
      network,
      locale,
      to: 'ada@example.org',
      firstName: 'Ada',
      code: 'C0DE',
      validHours: 72,
    }),
  'password reset': (network, locale) =>
    passwordResetEmail({
      network,
      locale,
      to: 'ada@example.org',
      firstName: 'Ada',
      code: 'C0DE',
      validMinutes: 60,
    }),
  'deletion confirmation': (network, locale) =>
    deletionConfirmationEmail({
      network,
      locale,
      to: 'ada@example.org',
      firstName: 'Ada',
      deletionEffectiveAt: new Date('2026-12-23T09:00:00Z'),
    }),
  reactivation: (network, locale) =>
    reactivationEmail({ network, locale, to: 'ada@example.org', firstName: 'Ada' }),
};

describe.each(Object.entries(TEMPLATES))('the %s email', (_name, render) => {
  it('I18N-01 is written in each of the five languages, not copied from one', () => {
    const messages = LOCALES.map((locale) => render(lumiere, locale));
    expect(new Set(messages.map((message) => message.subject)).size).toBe(LOCALES.length);
    expect(new Set(messages.map((message) => message.text)).size).toBe(LOCALES.length);
    for (const [index, message] of messages.entries()) {
      const locale = LOCALES[index] as Locale;
      expect(message.subject).toContain('Lumière Mobilités');
      expect(message.text).toContain('Ada');
      expect(message.html).toContain(`<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">`);
      expect(message.headers).toMatchObject({ 'Content-Language': locale, 'X-Network': 'lumiere' });
      expect(message.text).not.toMatch(/\{\w+\}/);
      expect(message.html).not.toMatch(/\{\w+\}/);
    }
  });

  it('is branded with the network name, escaped, and its primary colour', () => {
    const message = render(lumiere, 'en');
    expect(message.html).toContain('>Lumière Mobilités</td>');
    expect(message.html).toContain(`background:${lumiere.theme.colorSchemes.light.primary.main}`);
    const tricky = withConfig(lumiere, { name: 'Bus & <Tram> "Co"' });
    const html = render(tricky, 'en').html ?? '';
    expect(html).toContain('Bus &amp; &lt;Tram&gt; &quot;Co&quot;');
    expect(html).not.toContain('<Tram>');
  });

  it('I18N-04 is right to left in Arabic', () => {
    const html = render(wahat, 'ar').html ?? '';
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('text-align:right');
  });
});

describe('links in the emails', () => {
  it('ROUTE-01 go to the first domain of the network, http for *.localhost and https otherwise, French unprefixed', () => {
    expect(shopLink(lumiere, 'fr', '/auth/reset', { query: { code: 'a b' } })).toBe(
      'http://lumiere.localhost/auth/reset?code=a+b',
    );
    expect(shopLink(lumiere, 'ar', '/verify-account')).toBe('http://lumiere.localhost/ar/verify-account');
    const production = withConfig(lumiere, {
      domains: ['shop.lumiere-mobilites.example', 'lumiere.localhost'],
    });
    expect(shopLink(production, 'it', '/account')).toBe('https://shop.lumiere-mobilites.example/it/account');
    const message = verificationEmail({
      network: production,
      locale: 'en',
      to: 'ada@example.org',
      firstName: null,
      code: 'C0DE',
      validHours: 72,
    });
    expect(message.text).toContain('https://shop.lumiere-mobilites.example/en/verify-account?code=C0DE');
    expect(message.html).toContain(
      'href="https://shop.lumiere-mobilites.example/en/verify-account?code=C0DE"',
    );
    expect(message.text.startsWith('Hello,\n')).toBe(true);
  });

  it('go to the French address under /fr on a network whose default language is not French', () => {
    expect(shopLink(wahat, 'fr', '/auth/reset')).toBe('http://wahat.localhost/fr/auth/reset');
    expect(shopLink(wahat, 'ar', '/account')).toBe('http://wahat.localhost/ar/account');
  });

  it('carry the port the shops answer on when it is not the default one (npm start serves on 8080)', () => {
    const message = passwordResetEmail({
      network: lumiere,
      locale: 'fr',
      to: 'ada@example.org',
      firstName: 'Ada',
      code: 'C0DE',
      validMinutes: 30,
      shopPort: 8080,
    });
    expect(message.text).toContain('http://lumiere.localhost:8080/auth/reset?code=C0DE');
    expect(shopLink(lumiere, 'en', '/account', { port: 443 })).toBe(
      'http://lumiere.localhost:443/en/account',
    );
  });

  it("I18N-01 use the traveller's language when the network offers it, else the network's default", () => {
    expect(emailLocale(wahat, 'en')).toBe('en');
    expect(emailLocale(wahat, 'it')).toBe('ar');
    expect(emailLocale(wahat, null)).toBe('ar');
    expect(emailLocale(lumiere, 'es')).toBe('es');
    expect(emailLocale(lumiere, 'de')).toBe('fr');
  });

  it('escapes every character that means something in HTML', () => {
    expect(escapeHtml(`<a href="x">O'Neil & co</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;',
    );
  });
});
