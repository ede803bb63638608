// The legacy Terms/* calls: a network's legal documents for a language, already sanitised at load.
import { ok } from '@transit-shop/sdk/contract/envelope';
import type { LegalDocument, LegalDocumentKind } from '@transit-shop/sdk/contract/networks';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { networkOfCall } from '../http/resolve-network.ts';
import { ServiceError } from '../http/service-error.ts';
import { langParam, signatureParam, strictQuery } from '../http/strict-query.ts';
import { offeredLocale } from '../tenants/network-locale.ts';

const termsQuery = z
  .object({ networkId: z.string().min(1).optional(), lang: langParam.optional(), signature: signatureParam })
  .strict();

const CALLS: Record<string, LegalDocumentKind> = {
  '/getLegalNotice.json': 'legalNotices',
  '/getTermsOfUse.json': 'termsOfUse',
  '/getPrivacyPolicy.json': 'privacyPolicy',
};

export function termsRoutes(options: { store: TenantStore }) {
  const { store } = options;
  const app = new Hono<AppEnv>();
  for (const [path, kind] of Object.entries(CALLS)) {
    app.get(path, strictQuery(termsQuery), (c) => {
      const { networkId, lang } = c.req.valid('query');
      const { network } = networkOfCall(c, store.registry, networkId);
      const locale = offeredLocale(network, lang);
      const html = network.legal[locale]?.[kind];
      // The loader refuses a network missing a legal text for an offered language; kept defensive.
      if (html === undefined) throw new ServiceError('NOT_CONFIGURED', 'This network has no such document');
      const document: LegalDocument = { networkId: network.config.id, locale, html };
      return c.json(ok(document));
    });
  }
  return app;
}
