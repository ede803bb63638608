// Finds the network a request is about: by Host header, or by the id/domain a legacy call names.
import type { LoadedNetwork, TenantRegistry } from '@transit-shop/tenancy';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { requestHeader } from './request-header.ts';
import { networkNotFound } from './service-error.ts';

/** The network whose domain is the request's Host (port ignored), or undefined. */
export function networkOfHost(c: Context<AppEnv>, registry: TenantRegistry): LoadedNetwork | undefined {
  const host = requestHeader(c, 'host');
  const found = host ? registry.byHost(host) : undefined;
  if (found) c.set('network', found);
  return found ?? undefined;
}

/**
 * The network a legacy call names (spec 02: a numeric value is an id, anything else a domain),
 * or the Host's network when the call names none; NETWORK_NOT_FOUND otherwise.
 */
export function networkOfCall(
  c: Context<AppEnv>,
  registry: TenantRegistry,
  idOrDomain: string | undefined,
): LoadedNetwork {
  if (idOrDomain === undefined) {
    const found = networkOfHost(c, registry);
    if (!found) throw networkNotFound();
    return found;
  }
  const found = registry.byIdOrDomain(idOrDomain);
  if (!found) throw networkNotFound();
  c.set('network', found);
  return found;
}

/** Same as networkOfCall for a call that names the network by domain only. */
export function networkOfDomain(c: Context<AppEnv>, registry: TenantRegistry, domain: string): LoadedNetwork {
  const found = registry.byDomain(domain.trim().toLowerCase());
  if (!found) throw networkNotFound();
  c.set('network', found);
  return found;
}
