// Network files (tenants/<slug>/network.json) and the network as loaded with its texts.
import { alertDefinitionSchema } from '@transit-shop/sdk/alerts/alert.schema';
import {
  authDriverSchema,
  collectSiteSchema,
  qualificationValidationConfigurationSchema,
  salesChannelSchema,
  schoolConfigurationSchema,
} from '@transit-shop/sdk/contract/networks';
import { localeSchema, localizedTextSchema } from '@transit-shop/sdk/locale.schema';
import { LOCALES, reduceLanguageCode } from '@transit-shop/sdk/locales';
import { z } from 'zod';
import { issuerSchema, secretReferenceSchema } from './identity-providers.ts';
import { pickUpSchema, sellerSchema } from './seller.schema.ts';
import { themeOverridesSchema } from './theme.schema.ts';

export const hostnameSchema = z
  .string()
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a lowercase host name',
  );

/** Languages as the legacy configuration writes them (fr_FR), reduced to the shop's locales. */
export const networkLanguagesSchema = z
  .array(z.string().min(2))
  .min(1)
  .transform((codes, ctx) => {
    const reduced = [...new Set(codes.map(reduceLanguageCode))];
    for (const code of reduced) {
      if (!(LOCALES as readonly string[]).includes(code)) {
        ctx.addIssue({
          code: 'custom',
          message: `unsupported language "${code}" (offered: ${LOCALES.join(', ')})`,
        });
      }
    }
    return reduced as z.infer<typeof localeSchema>[];
  });

// Building a formatter is slow next to the rest of a parse, and networks share few time zones.
const knownTimeZones = new Map<string, boolean>();

export const isTimeZone = (tz: string) => {
  let valid = knownTimeZones.get(tz);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      valid = true;
    } catch {
      valid = false;
    }
    knownTimeZones.set(tz, valid);
  }
  return valid;
};

export const authenticationProviderConfigSchema = z
  .object({
    id: z.number().int().positive(),
    driver: authDriverSchema,
    isDefault: z.boolean().default(false),
    name: z.string().min(1),
    /** The OpenID issuer (decision 0044): a URL, or the identity sandbox's placeholder and a path. */
    issuer: issuerSchema,
    clientId: z.string().min(1).max(255),
    /** The environment variable holding the client secret. */
    clientSecretRef: secretReferenceSchema,
    /** Scopes asked beside openid; FranceConnect's pivot identity by default for its driver. */
    scopes: z
      .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/))
      .max(20)
      .optional(),
  })
  .strict();

/** A collect site (Networks/collectSites) with the pick-up slots of click and collect. */
export const collectSiteFileSchema = z.strictObject({
  ...collectSiteSchema.shape,
  pickUp: pickUpSchema,
});
export type CollectSiteFile = z.infer<typeof collectSiteFileSchema>;

/** The fields of a network file, without the rules that tie fields together. */
export const networkFileFieldsSchema = z
  .object({
    id: z.number().int().positive(),
    name: z.string().min(1),
    /** Logo file, relative to the network's folder. */
    logo: z
      .string()
      .regex(/^[\w.-]+\.(svg|png|webp)$/, 'a logo file in the network folder (svg, png or webp)'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR')
      .default('EUR'),
    languages: networkLanguagesSchema,
    /** One of the languages; a regional form (fr_FR) is reduced like the languages are. */
    defaultLanguage: z.string().transform(reduceLanguageCode).pipe(localeSchema),
    profiling: z.boolean().default(false),
    multiple_payment_installments: z.array(z.number().int().min(1).max(12)).min(1).default([1]),
    payment: z
      .object({ transfer_enabled: z.boolean().default(false) })
      .strict()
      .default({ transfer_enabled: false }),
    has_subscriptions: z.boolean().default(false),
    /**
     * How many days before a tacit subscription renews its notice is sent (decision 0043): the
     * amount, the date and a link to terminate it. At most half of the period for short ones.
     */
    subscription_notice_days: z.number().int().min(1).max(60).default(7),
    has_guest_orders: z.number().int().nonnegative().default(0),
    has_media_signin: z.boolean().default(false),
    has_media_tunnel: z.boolean().default(false),
    has_media_tunnel_pairing: z.boolean().default(false),
    data: z
      .object({
        globalMessage: localizedTextSchema.nullable().default(null),
        customRGPDText: localizedTextSchema.nullable().default(null),
        experimentalAIEnabled: z.boolean().default(false),
      })
      .strict()
      .default({ globalMessage: null, customRGPDText: null, experimentalAIEnabled: false }),
    hideBirthDate: z.boolean().default(false),
    domains: z.array(hostnameSchema).min(1),
    theme: z.object({ id: z.string().min(1), overrides: themeOverridesSchema.optional() }).strict(),
    authenticationProviders: z.array(authenticationProviderConfigSchema).default([]),
    channel: salesChannelSchema.default('ESHOP'),
    timeZone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Paris'),
    /** Maximum amount of a guest order, in minor units of the currency. */
    guestMaxOrderAmount: z.number().int().positive(),
    /** Shared key of the request signature (spec 02 "Request signing"). */
    signingKey: z.string().min(16),
    /** The company selling on the shop, printed on every invoice. */
    seller: sellerSchema,
    collectSites: z.array(collectSiteFileSchema).default([]),
    schoolConfiguration: schoolConfigurationSchema.optional(),
    qualificationValidationConfiguration: qualificationValidationConfigurationSchema.optional(),
    /** Eligibility documents (decision 0033): whether an item may be bought while its documents are checked. */
    documents: z
      .object({ allowPurchaseWhilePending: z.boolean().default(false) })
      .strict()
      .default({ allowPurchaseWhilePending: false }),
    maintenanceAlerts: z.array(alertDefinitionSchema).default([]),
  })
  .strict();

/** Rules across fields of a network file; one entry per broken rule. */
export function networkFileRuleIssues(
  network: z.infer<typeof networkFileFieldsSchema>,
): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (!network.languages.includes(network.defaultLanguage))
    issues.push({ path: ['defaultLanguage'], message: 'must be one of the network languages' });
  if (network.authenticationProviders.filter((provider) => provider.isDefault).length > 1)
    issues.push({ path: ['authenticationProviders'], message: 'at most one default provider' });
  network.domains.forEach((domain, index) => {
    if (network.domains.indexOf(domain) !== index)
      issues.push({ path: ['domains', String(index)], message: `domain ${domain} is listed twice` });
  });
  const ids = network.authenticationProviders.map((provider) => provider.id);
  ids.forEach((id, index) => {
    if (ids.indexOf(id) !== index)
      issues.push({
        path: ['authenticationProviders', String(index), 'id'],
        message: `duplicate provider id ${id}`,
      });
  });
  // A card's number is printed on it: without its holder's birth date it would open the account.
  if (network.has_media_signin && network.hideBirthDate)
    issues.push({
      path: ['has_media_signin'],
      message: "card sign-in asks the holder's birth date: a network that sets hideBirthDate cannot offer it",
    });
  const siteIds = network.collectSites.map((site) => site.id);
  siteIds.forEach((id, index) => {
    if (siteIds.indexOf(id) !== index)
      issues.push({
        path: ['collectSites', String(index), 'id'],
        message: `duplicate collect site id ${id}`,
      });
  });
  return issues;
}

export const networkFileSchema = networkFileFieldsSchema.superRefine((network, ctx) => {
  for (const issue of networkFileRuleIssues(network)) ctx.addIssue({ code: 'custom', ...issue });
});
export type NetworkFile = z.infer<typeof networkFileSchema>;

/** Custom texts of a network for one locale (tenants/<slug>/texts/<locale>.json). */
export const customTextsSchema = z
  .object({
    tagline: z.string().min(1),
    homeTitle: z.string().min(1),
    homeIntro: z.string().min(1),
    footerNote: z.string().min(1).optional(),
  })
  .strict();
export type CustomTexts = z.infer<typeof customTextsSchema>;

/** Legal texts of a network for one locale (tenants/<slug>/legal/<locale>/<kind>.html), sanitised. */
export const legalTextsSchema = z.object({
  legalNotices: z.string().min(1),
  privacyPolicy: z.string().min(1),
  termsOfUse: z.string().min(1),
});
export type LegalTexts = z.infer<typeof legalTextsSchema>;

/** A network as loaded: its file, its folder name and its texts for every offered locale. */
export const networkSchema = z.object({
  slug: z.string().regex(/^[a-z][a-z0-9-]*$/),
  config: networkFileSchema,
  logoFile: z.string(),
  texts: z.partialRecord(localeSchema, customTextsSchema),
  legal: z.partialRecord(localeSchema, legalTextsSchema),
});
export type Network = z.infer<typeof networkSchema>;
