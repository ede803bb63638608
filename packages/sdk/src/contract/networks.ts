// Request and response schemas of the Networks/* and Terms/* calls (spec 02 §7).
import { z } from 'zod';
import { localeSchema, localizedTextSchema } from '../locale.schema.ts';

export const SALES_CHANNELS = [
  'MTICKET',
  'APP_MULTIPLE_NETWORK',
  'ESHOP',
  'SCHOOL_ESHOP',
  'WEB_SCOOP',
  'APP_SCOOP',
] as const;
export const salesChannelSchema = z.enum(SALES_CHANNELS);

export const AUTH_DRIVERS = ['KEYCLOAK', 'FRANCECONNECT'] as const;
export const authDriverSchema = z.enum(AUTH_DRIVERS);

/** Network configuration as Networks/getNetworkConfiguration.json answers it (spec 02 §3). */
export const networkConfigurationSchema = z.object({
  id: z.number().int().positive(),
  logo: z.string(),
  name: z.string(),
  currency: z.string().length(3),
  languages: z.array(localeSchema),
  profiling: z.boolean(),
  multiple_payment_installments: z.array(z.number().int().positive()),
  payment: z.object({ transfer_enabled: z.boolean() }),
  has_subscriptions: z.boolean(),
  has_guest_orders: z.number().int().nonnegative(),
  has_media_signin: z.boolean(),
  has_media_tunnel: z.boolean(),
  has_media_tunnel_pairing: z.boolean(),
  data: z.object({
    globalMessage: z.string().nullable(),
    customRGPDText: z.string().nullable(),
    experimentalAIEnabled: z.boolean(),
  }),
  hideBirthDate: z.boolean(),
  /** Ours (decision 0033): an item may be bought while its documents are being checked. */
  documents: z.object({ allowPurchaseWhilePending: z.boolean() }),
});
export type NetworkConfiguration = z.infer<typeof networkConfigurationSchema>;

/** Query of Networks/getNetworkConfiguration.json: a numeric id or a domain. */
export const networkLookupQuerySchema = z
  .object({
    id: z.string().optional(),
    domain: z.string().optional(),
    lang: localeSchema.optional(),
  })
  .strict();

export const networkSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  logo: z.string(),
  domains: z.array(z.string()),
  languages: z.array(localeSchema),
  currency: z.string().length(3),
});
export const getNetworksResponseSchema = z.array(networkSummarySchema);

export const authenticationProviderSchema = z.object({
  id: z.number().int().positive(),
  driver: authDriverSchema,
  isDefault: z.boolean(),
  name: z.string(),
});
export type AuthenticationProvider = z.infer<typeof authenticationProviderSchema>;
export const authenticationConfigurationSchema = z.object({
  providers: z.array(authenticationProviderSchema),
});

export const collectSiteSchema = z.object({
  id: z.number().int().positive(),
  index: z.number().int(),
  name: z.string(),
  address: z.object({
    addressRoute: z.string(),
    addressPostalCode: z.string(),
    addressCity: z.string(),
    addressState: z.string(),
  }),
  openingHours: z.string().optional(),
});
export type CollectSite = z.infer<typeof collectSiteSchema>;
export const collectSitesResponseSchema = z.array(collectSiteSchema);

export const schoolConfigurationSchema = z.object({
  enabled: z.boolean(),
  schoolYearStart: z.string().regex(/^\d{2}-\d{2}$/, 'MM-DD'),
  schools: z.array(z.object({ id: z.number().int().positive(), name: z.string() })),
});
export const qualificationValidationConfigurationSchema = z.object({
  validationDelayDays: z.number().int().positive(),
  providers: z.array(
    z.object({
      id: z.number().int().positive(),
      name: z.string(),
      documentTypeIds: z.array(z.number().int()),
      /**
       * What the provider asks the traveller to type beside the file (a student number, say), by
       * locale; the shop offers that field on the provider's document types. A provider without
       * it takes no input: the network's staff check its documents.
       */
      inputLabel: localizedTextSchema.optional(),
    }),
  ),
});

export const legalDocumentSchema = z.object({
  networkId: z.number().int(),
  locale: localeSchema,
  html: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
export const LEGAL_DOCUMENTS = ['legalNotices', 'privacyPolicy', 'termsOfUse'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENTS)[number];
