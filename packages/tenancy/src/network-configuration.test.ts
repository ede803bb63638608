import { describe, expect, it } from 'vitest';
import { type Network, networkFileSchema } from './network.schema.ts';
import { toNetworkConfiguration } from './network-configuration.ts';
import { testSeller } from './test-support/seller.ts';

function network(extra: Record<string, unknown> = {}): Network {
  const config = networkFileSchema.parse({
    id: 7,
    name: 'Réseau Sept',
    logo: 'logo.svg',
    languages: ['fr_FR', 'en', 'ar'],
    defaultLanguage: 'fr',
    domains: ['sept.localhost'],
    theme: { id: 'lumiere' },
    timeZone: 'Europe/Paris',
    guestMaxOrderAmount: 5000,
    signingKey: '0123456789abcdef0123',
    seller: testSeller,
    ...extra,
  });
  return { slug: 'sept', config, logoFile: 'logo.svg', texts: {}, legal: {} };
}

describe('legacy network configuration (spec 02 §3)', () => {
  it('answers every field of the legacy configuration with its defaults (NET-02 euro)', () => {
    expect(toNetworkConfiguration(network(), 'fr', '/tenant/logo?networkId=7')).toEqual({
      id: 7,
      logo: '/tenant/logo?networkId=7',
      name: 'Réseau Sept',
      currency: 'EUR',
      languages: ['fr', 'en', 'ar'],
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
      documents: { allowPurchaseWhilePending: false },
    });
  });

  it('picks data texts for the locale, else the default language, else null', () => {
    const withTexts = network({
      data: {
        globalMessage: { fr: 'Bonjour', ar: 'مرحبا' },
        customRGPDText: { en: 'Data notice' },
      },
    });
    expect(toNetworkConfiguration(withTexts, 'ar', '').data).toEqual({
      globalMessage: 'مرحبا',
      customRGPDText: null,
      experimentalAIEnabled: false,
    });
    expect(toNetworkConfiguration(withTexts, 'en', '').data).toMatchObject({
      globalMessage: 'Bonjour',
      customRGPDText: 'Data notice',
    });
  });

  it('carries guest orders, transfer, instalments and hideBirthDate as written', () => {
    const configuration = toNetworkConfiguration(
      network({
        has_guest_orders: 2,
        payment: { transfer_enabled: true },
        multiple_payment_installments: [1, 2, 4],
        hideBirthDate: true,
        currency: 'CHF',
      }),
      'fr',
      '',
    );
    expect(configuration).toMatchObject({
      has_guest_orders: 2,
      payment: { transfer_enabled: true },
      multiple_payment_installments: [1, 2, 4],
      hideBirthDate: true,
      currency: 'CHF',
    });
  });
});
