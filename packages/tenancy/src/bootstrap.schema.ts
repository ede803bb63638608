// The bootstrap object the tenant service inlines in index.html for the web app's first paint.
import { alertDefinitionSchema } from '@transit-shop/sdk/alerts/alert.schema';
import {
  authenticationProviderSchema,
  networkConfigurationSchema,
  salesChannelSchema,
} from '@transit-shop/sdk/contract/networks';
import { localeSchema } from '@transit-shop/sdk/locale.schema';
import { z } from 'zod';
import { APPEARANCES } from './bootstrap-constants.ts';
import { customTextsSchema } from './network.schema.ts';
import { resolvedThemeSchema } from './theme.schema.ts';

export const appearanceSchema = z.enum(APPEARANCES);

export const bootstrapSchema = z.object({
  network: z.object({
    id: z.number().int().positive(),
    slug: z.string(),
    name: z.string(),
    logoUrl: z.string(),
    currency: z.string().length(3),
    languages: z.array(localeSchema).min(1),
    defaultLanguage: localeSchema,
    timeZone: z.string(),
    channel: salesChannelSchema,
    guestMaxOrderAmount: z.number().int(),
    signingKey: z.string(),
    authenticationProviders: z.array(authenticationProviderSchema),
    /** The legacy configuration, as Networks/getNetworkConfiguration.json answers it for this locale. */
    configuration: networkConfigurationSchema,
  }),
  theme: resolvedThemeSchema,
  locale: localeSchema,
  direction: z.enum(['ltr', 'rtl']),
  texts: customTextsSchema,
  appearance: appearanceSchema,
  /** Base URL of the ticket backend calls. */
  apiBase: z.string(),
  /** Pipe-separated maintenance-alert beacon base URLs, tried in order. */
  alertSources: z.string(),
  /** Id of the build this page was served from (compared with the build manifest). */
  buildId: z.string(),
  /** Alerts known when the page was served, so a banner can show on first paint. */
  initialAlerts: z.array(alertDefinitionSchema.extend({ channel: z.string() })).default([]),
  /**
   * On a page rendered by the server, the id of the global alert it was rendered with (null: none),
   * so the render that hydrates shows the same banner in the same place (decision 0035).
   */
  servedAlertId: z.string().nullable().default(null),
});
export type Bootstrap = z.infer<typeof bootstrapSchema>;
