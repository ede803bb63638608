import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IDENTITY_SANDBOX_PLACEHOLDER as SANDBOX } from './identity-providers.ts';
import { customTextsSchema, networkFileSchema } from './network.schema.ts';
import { repoRoot } from './test-support/tenant-folders.ts';

const demo = async (slug = 'lumiere') =>
  JSON.parse(await readFile(join(repoRoot, 'tenants', slug, 'network.json'), 'utf8'));

/** What a provider needs beside its id, driver and name (decision 0044). */
const provider = {
  issuer: 'https://id.example.org/realms/shop',
  clientId: 'shop',
  clientSecretRef: 'SHOP_CLIENT_SECRET',
};

const fieldsOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('network file schema', () => {
  it('accepts every field of the network configuration (spec 02 §3) and the platform fields', async () => {
    const parsed = networkFileSchema.parse(await demo());
    expect(parsed).toMatchObject({
      id: 101,
      name: 'Lumière Mobilités',
      logo: 'logo.svg',
      currency: 'EUR',
      languages: ['fr', 'en', 'ar', 'it', 'es'],
      defaultLanguage: 'fr',
      profiling: true,
      multiple_payment_installments: [1, 3, 10],
      payment: { transfer_enabled: true },
      has_subscriptions: true,
      has_guest_orders: 1,
      has_media_signin: true,
      has_media_tunnel: true,
      has_media_tunnel_pairing: true,
      hideBirthDate: false,
      data: { customRGPDText: null, experimentalAIEnabled: false },
      domains: ['lumiere.localhost', 'shop.lumiere-mobilites.example'],
      theme: { id: 'lumiere' },
      channel: 'ESHOP',
      timeZone: 'Europe/Paris',
      guestMaxOrderAmount: 15000,
    });
    expect(parsed.data.globalMessage?.ar).toBeTruthy();
    expect(parsed.authenticationProviders.map((p) => [p.driver, p.isDefault])).toEqual([
      ['KEYCLOAK', true],
      ['FRANCECONNECT', false],
    ]);
    expect(parsed.collectSites.map((site) => site.index)).toEqual([3, 1, 2]);
    expect(parsed.schoolConfiguration?.enabled).toBe(true);
    expect(
      parsed.qualificationValidationConfiguration?.providers.map((p) => [
        p.id,
        p.documentTypeIds,
        p.inputLabel?.en,
      ]),
    ).toEqual([
      [1, [2, 3], undefined],
      [2, [1], 'Student number on the card'],
    ]);
    expect(parsed.maintenanceAlerts.map((alert) => [alert.id, alert.level, alert.flags])).toEqual([
      ['winter-works', 'WARNING', []],
      ['order-notice', 'INFO', ['ORDER']],
    ]);
  });

  it('accepts the two other demo networks', async () => {
    expect(networkFileSchema.parse(await demo('wahat'))).toMatchObject({
      currency: 'MAD',
      defaultLanguage: 'ar',
    });
    expect(networkFileSchema.parse(await demo('lakeside'))).toMatchObject({
      currency: 'CHF',
      hideBirthDate: true,
    });
  });

  it('I18N-02 reduces regional language codes to the language part', async () => {
    const parsed = networkFileSchema.parse({
      ...(await demo()),
      languages: ['fr_FR', 'en-GB', 'fr', 'ar_MA'],
      defaultLanguage: 'ar_MA',
    });
    expect(parsed.languages).toEqual(['fr', 'en', 'ar']);
    expect(parsed.defaultLanguage).toBe('ar');
  });

  it('NET-02 the currency defaults to euro', async () => {
    const { currency: _currency, ...rest } = await demo();
    expect(networkFileSchema.parse(rest).currency).toBe('EUR');
  });

  it('defaults the optional legacy fields', async () => {
    const {
      profiling: _p,
      multiple_payment_installments: _m,
      payment: _pay,
      has_subscriptions: _s,
      has_guest_orders: _g,
      has_media_signin: _ms,
      has_media_tunnel: _mt,
      has_media_tunnel_pairing: _mtp,
      data: _d,
      hideBirthDate: _h,
      ...rest
    } = await demo();
    expect(networkFileSchema.parse(rest)).toMatchObject({
      profiling: false,
      multiple_payment_installments: [1],
      payment: { transfer_enabled: false },
      has_subscriptions: false,
      has_guest_orders: 0,
      has_media_signin: false,
      has_media_tunnel: false,
      has_media_tunnel_pairing: false,
      data: { globalMessage: null, customRGPDText: null, experimentalAIEnabled: false },
      hideBirthDate: false,
    });
  });

  it('refuses unknown fields, unsupported languages, a bad currency and a bad domain', async () => {
    const messages = fieldsOf(
      networkFileSchema.safeParse({
        ...(await demo()),
        colour: 'blue',
        languages: ['fr', 'de'],
        currency: 'euro',
        domains: ['Shop.Example', 'ok.localhost'],
      }),
    );
    expect(messages).toEqual([
      'currency: an ISO 4217 code such as EUR',
      'languages: unsupported language "de" (offered: fr, en, ar, it, es)',
      'domains.0: a lowercase host name',
      ': Unrecognized key: "colour"',
    ]);
  });

  it('refuses a default language not offered, a domain listed twice, two default providers and a duplicate provider id', async () => {
    const file = await demo();
    const messages = fieldsOf(
      networkFileSchema.safeParse({
        ...file,
        languages: ['fr', 'en'],
        defaultLanguage: 'it',
        domains: ['a.localhost', 'b.localhost', 'a.localhost'],
        authenticationProviders: [
          { ...provider, id: 1, driver: 'KEYCLOAK', isDefault: true, name: 'A' },
          { ...provider, id: 1, driver: 'FRANCECONNECT', isDefault: true, name: 'B' },
        ],
      }),
    );
    expect(messages).toEqual([
      'defaultLanguage: must be one of the network languages',
      'authenticationProviders: at most one default provider',
      'domains.2: domain a.localhost is listed twice',
      'authenticationProviders.1.id: duplicate provider id 1',
    ]);
    expect(
      fieldsOf(
        networkFileSchema.safeParse({
          ...file,
          authenticationProviders: [{ ...provider, id: 1, driver: 'SAML', name: 'C' }],
        }),
      )[0],
    ).toMatch(/^authenticationProviders\.0\.driver/);
  });

  it("names each provider's issuer, client and secret variable, never a secret (decision 0044)", async () => {
    const file = await demo();
    const parsed = networkFileSchema.parse(file);
    expect(
      parsed.authenticationProviders.map(({ issuer, clientId, clientSecretRef }) => [
        issuer,
        clientId,
        clientSecretRef,
      ]),
    ).toEqual([
      [`${SANDBOX}/realms/lumiere`, 'lumiere-eshop', 'LUMIERE_KEYCLOAK_CLIENT_SECRET'],
      [`${SANDBOX}/franceconnect`, 'lumiere-eshop-fc', 'LUMIERE_FRANCECONNECT_CLIENT_SECRET'],
    ]);
    const withProvider = (changes: Record<string, unknown>) =>
      fieldsOf(
        networkFileSchema.safeParse({
          ...file,
          authenticationProviders: [{ ...provider, id: 1, driver: 'KEYCLOAK', name: 'A', ...changes }],
        }),
      );
    expect(withProvider({})).toEqual([]);
    expect(withProvider({ issuer: 'http://127.0.0.1:8100/realms/shop' })).toEqual([]);
    for (const issuer of [
      'id.example.org/realms/shop',
      'ftp://id.example.org',
      SANDBOX,
      `${SANDBOX}/realms/a b`,
      `${SANDBOX.replace('IDENTITY_SANDBOX_URL', 'OTHER_URL')}/realms/shop`,
    ]) {
      expect(withProvider({ issuer }), issuer).toEqual([
        `authenticationProviders.0.issuer: an http(s) URL, or ${SANDBOX} followed by a path`,
      ]);
    }
    // The reference names a variable: a secret written in its place is refused.
    for (const clientSecretRef of [
      's3cr3t-value-of-the-client',
      'shop_client_secret',
      'A',
      '1_SECRET',
      'SHOP SECRET',
    ]) {
      expect(withProvider({ clientSecretRef }), clientSecretRef).toEqual([
        'authenticationProviders.0.clientSecretRef: the name of an environment variable (CAPITALS_AND_UNDERSCORES)',
      ]);
    }
    expect(withProvider({ clientSecret: 'value' })).toEqual([
      'authenticationProviders.0: Unrecognized key: "clientSecret"',
    ]);
    expect(withProvider({ clientId: '' })[0]).toMatch(/^authenticationProviders\.0\.clientId/);
    expect(withProvider({ scopes: ['openid profile'] })[0]).toMatch(/^authenticationProviders\.0\.scopes\.0/);
    const missing = { ...provider, id: 1, driver: 'KEYCLOAK', name: 'A' } as Record<string, unknown>;
    delete missing.issuer;
    expect(fieldsOf(networkFileSchema.safeParse({ ...file, authenticationProviders: [missing] }))).toEqual([
      'authenticationProviders.0.issuer: Invalid input: expected string, received undefined',
    ]);
  });

  it('refuses card sign-in on a network that hides the birth date: the card number alone would open the account', async () => {
    const file = await demo();
    expect(
      fieldsOf(networkFileSchema.safeParse({ ...file, has_media_signin: true, hideBirthDate: true })),
    ).toEqual([
      "has_media_signin: card sign-in asks the holder's birth date: a network that sets hideBirthDate cannot offer it",
    ]);
    expect(
      networkFileSchema.safeParse({ ...file, has_media_signin: false, hideBirthDate: true }).success,
    ).toBe(true);
    expect(
      networkFileSchema.safeParse({ ...file, has_media_signin: true, hideBirthDate: false }).success,
    ).toBe(true);
  });

  it('has_guest_orders is a number; a time zone must exist; an alert level must be known', async () => {
    const file = await demo();
    expect(networkFileSchema.safeParse({ ...file, has_guest_orders: true }).success).toBe(false);
    expect(networkFileSchema.safeParse({ ...file, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(
      networkFileSchema.safeParse({
        ...file,
        maintenanceAlerts: [{ id: 'x', level: 'SEVERE', message: { fr: 'x' } }],
      }).success,
    ).toBe(false);
  });

  it('refuses custom texts with a missing or unknown field', () => {
    expect(customTextsSchema.safeParse({ tagline: 'a', homeTitle: 'b', homeIntro: 'c' }).success).toBe(true);
    expect(fieldsOf(customTextsSchema.safeParse({ tagline: 'a', homeTitle: 'b', intro: 'c' }))).toEqual([
      'homeIntro: Invalid input: expected string, received undefined',
      ': Unrecognized key: "intro"',
    ]);
  });
});
