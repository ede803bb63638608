// The legacy Networks/* calls whose data lives in tenant files (spec 02 §7 "Networks").
import { ok } from '@transit-shop/sdk/contract/envelope';
import type { CollectSite } from '@transit-shop/sdk/contract/networks';
import { toNetworkConfiguration } from '@transit-shop/tenancy';
import type { TenantStore } from '@transit-shop/tenancy/tenant-store';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { networkOfCall, networkOfDomain } from '../http/resolve-network.ts';
import { ServiceError } from '../http/service-error.ts';
import { langParam, signatureParam, strictQuery } from '../http/strict-query.ts';
import { networkLogoUrl } from '../tenants/logo-url.ts';
import { offeredLocale } from '../tenants/network-locale.ts';

const booleanParam = z.enum(['true', 'false'], { message: 'true or false' }).transform((v) => v === 'true');

const getNetworksQuery = z.object({ signature: signatureParam }).strict();
const configurationQuery = z
  .object({
    id: z.string().min(1).optional(),
    domain: z.string().min(1).optional(),
    lang: langParam.optional(),
    signature: signatureParam,
  })
  .strict()
  .refine((query) => query.id === undefined || query.domain === undefined, {
    message: 'give id or domain, not both',
  });
const networkIdQuery = z
  .object({ networkId: z.string().min(1).optional(), signature: signatureParam })
  .strict();
const collectSitesQuery = z
  .object({
    id: z.string().min(1).optional(),
    sortByIndex: booleanParam.optional(),
    signature: signatureParam,
  })
  .strict();

/** NET-08: by index when asked (ties keep file order), file order otherwise. */
export function orderCollectSites(sites: readonly CollectSite[], sortByIndex: boolean): CollectSite[] {
  const ordered = sortByIndex ? [...sites].sort((a, b) => a.index - b.index) : [...sites];
  // The legacy answer's fields only: pick-up slots are the ticket API's (Collect/getSlots.json).
  return ordered.map(({ id, index, name, address, openingHours }) => ({
    id,
    index,
    name,
    address,
    ...(openingHours === undefined ? {} : { openingHours }),
  }));
}

export function networksRoutes(options: { store: TenantStore }) {
  const { store } = options;
  const app = new Hono<AppEnv>();

  app.get('/getNetworks.json', strictQuery(getNetworksQuery), (c) =>
    c.json(
      ok(
        store.registry.all().map(({ network: { config } }) => ({
          id: config.id,
          name: config.name,
          logo: networkLogoUrl(config.id),
          domains: config.domains,
          languages: config.languages,
          currency: config.currency,
        })),
      ),
    ),
  );

  app.get('/getNetworkConfiguration.json', strictQuery(configurationQuery), (c) => {
    const { id, domain, lang } = c.req.valid('query');
    const { network } =
      domain === undefined
        ? networkOfCall(c, store.registry, id)
        : networkOfDomain(c, store.registry, domain);
    const locale = offeredLocale(network, lang);
    return c.json(ok(toNetworkConfiguration(network, locale, networkLogoUrl(network.config.id))));
  });

  app.get('/getAuthenticationConfiguration', strictQuery(networkIdQuery), (c) => {
    const { network } = networkOfCall(c, store.registry, c.req.valid('query').networkId);
    const providers = network.config.authenticationProviders.map(({ id, driver, isDefault, name }) => ({
      id,
      driver,
      isDefault,
      name,
    }));
    return c.json(ok({ providers }));
  });

  app.get('/collectSites', strictQuery(collectSitesQuery), (c) => {
    const { id, sortByIndex } = c.req.valid('query');
    const { network } = networkOfCall(c, store.registry, id);
    return c.json(ok(orderCollectSites(network.config.collectSites, sortByIndex ?? false)));
  });

  app.get('/getSchoolConfiguration', strictQuery(networkIdQuery), (c) => {
    const { network } = networkOfCall(c, store.registry, c.req.valid('query').networkId);
    const configuration = network.config.schoolConfiguration;
    if (!configuration) throw new ServiceError('NOT_CONFIGURED', 'This network has no school configuration');
    return c.json(ok(configuration));
  });

  app.get('/getQualificationValidationConfiguration', strictQuery(networkIdQuery), (c) => {
    const { network } = networkOfCall(c, store.registry, c.req.valid('query').networkId);
    const configuration = network.config.qualificationValidationConfiguration;
    if (!configuration) {
      throw new ServiceError('NOT_CONFIGURED', 'This network has no qualification validation configuration');
    }
    return c.json(ok(configuration));
  });

  return app;
}
