// The legacy view of a network (Networks/getNetworkConfiguration.json, spec 02 §3).
import type { NetworkConfiguration } from '@transit-shop/sdk/contract/networks';
import type { Locale, LocalizedText } from '@transit-shop/sdk/locales';
import type { Network } from './network.schema.ts';

/** A localized text for the locale, else the network's default language, else null. */
export function pickText(text: LocalizedText | null, locale: Locale, fallback: Locale): string | null {
  if (!text) return null;
  return text[locale] ?? text[fallback] ?? null;
}

export function toNetworkConfiguration(
  network: Network,
  locale: Locale,
  logoUrl: string,
): NetworkConfiguration {
  const c = network.config;
  return {
    id: c.id,
    logo: logoUrl,
    name: c.name,
    currency: c.currency,
    languages: c.languages,
    profiling: c.profiling,
    multiple_payment_installments: c.multiple_payment_installments,
    payment: { transfer_enabled: c.payment.transfer_enabled },
    has_subscriptions: c.has_subscriptions,
    has_guest_orders: c.has_guest_orders,
    has_media_signin: c.has_media_signin,
    has_media_tunnel: c.has_media_tunnel,
    has_media_tunnel_pairing: c.has_media_tunnel_pairing,
    data: {
      globalMessage: pickText(c.data.globalMessage, locale, c.defaultLanguage),
      customRGPDText: pickText(c.data.customRGPDText, locale, c.defaultLanguage),
      experimentalAIEnabled: c.data.experimentalAIEnabled,
    },
    hideBirthDate: c.hideBirthDate,
    documents: { allowPurchaseWhilePending: c.documents.allowPurchaseWhilePending },
  };
}
