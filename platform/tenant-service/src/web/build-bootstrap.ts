// The bootstrap object of a page: what the web app needs for its first paint (bootstrapSchema).
import type { MaintenanceAlert } from '@transit-shop/sdk/alerts/alert.schema';
import { directionOf, type Locale } from '@transit-shop/sdk/locales';
import {
  type Appearance,
  type Bootstrap,
  bootstrapSchema,
  type LoadedNetwork,
  toNetworkConfiguration,
} from '@transit-shop/tenancy';
import { HOST_LOGO_URL, networkLogoUrl } from '../tenants/logo-url.ts';

export const API_BASE = '/api';

export function buildBootstrap(options: {
  loaded: LoadedNetwork;
  locale: Locale;
  appearance: Appearance;
  alertSources: string;
  buildId: string;
  initialAlerts: readonly MaintenanceAlert[];
  /** A page rendered by the server: the global alert it shows. */
  servedAlertId?: string | null;
}): Bootstrap {
  const { network, theme } = options.loaded;
  const { config } = network;
  const texts = network.texts[options.locale] ?? network.texts[config.defaultLanguage];
  // The loader refuses a network without texts for an offered language; this guards the type only.
  if (!texts) throw new Error(`network ${network.slug} has no texts for ${options.locale}`);
  // Validated here, once per cached page: the browser reads the inlined bootstrap without a
  // schema library (docs/decisions/0005-web-first-paint-budget.md).
  return bootstrapSchema.parse({
    network: {
      id: config.id,
      slug: network.slug,
      name: config.name,
      logoUrl: HOST_LOGO_URL,
      currency: config.currency,
      languages: config.languages,
      defaultLanguage: config.defaultLanguage,
      timeZone: config.timeZone,
      channel: config.channel,
      guestMaxOrderAmount: config.guestMaxOrderAmount,
      signingKey: config.signingKey,
      authenticationProviders: config.authenticationProviders.map(({ id, driver, isDefault, name }) => ({
        id,
        driver,
        isDefault,
        name,
      })),
      configuration: toNetworkConfiguration(network, options.locale, networkLogoUrl(config.id)),
    },
    theme,
    locale: options.locale,
    direction: directionOf(options.locale),
    texts,
    appearance: options.appearance,
    apiBase: API_BASE,
    alertSources: options.alertSources,
    buildId: options.buildId,
    initialAlerts: options.initialAlerts,
    servedAlertId: options.servedAlertId ?? null,
  });
}
