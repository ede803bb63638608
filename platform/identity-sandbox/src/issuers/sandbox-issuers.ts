// Which issuers the sandbox serves and their clients, from the networks' authentication providers
// whose issuer names the sandbox by its placeholder (decision 0044). Pure: main.ts loads the files.
import {
  clientSecretOf,
  IDENTITY_SANDBOX_PLACEHOLDER,
  type Network,
  usesIdentitySandbox,
} from '@transit-shop/tenancy';

type AuthenticationProvider = Network['config']['authenticationProviders'][number];
export type AuthDriver = AuthenticationProvider['driver'];

/** A relying party of one issuer: one network's provider entry. */
export type SandboxClient = {
  clientId: string;
  clientSecret: string;
  /** The name the network gives the provider ("Lakeside ID"), shown on the sign-in page. */
  providerName: string;
  networkSlug: string;
  /** Redirect and post-logout URIs may be any http(s) URL on these hosts, on any port. */
  domains: readonly string[];
};

export type SandboxIssuer = {
  /** The issuer as the tenant files write it (`${IDENTITY_SANDBOX_URL}/realms/lakeside`). */
  template: string;
  /** Its path on the sandbox's origin, without a trailing slash (`/realms/lakeside`). */
  path: string;
  driver: AuthDriver;
  clients: SandboxClient[];
};

export type IssuerPlan = { issuers: SandboxIssuer[]; problems: string[] };

type NetworkProviders = Pick<Network, 'slug'> & {
  config: Pick<Network['config'], 'domains' | 'authenticationProviders'>;
};

export function issuerPath(template: string): string {
  return template.slice(IDENTITY_SANDBOX_PLACEHOLDER.length).replace(/\/+$/, '');
}

/**
 * One issuer per distinct sandbox issuer path, in the order the networks name them. A provider that
 * contradicts an earlier one (another driver for the same path, a client id already taken there) is
 * left out and reported: the earlier network keeps what it had.
 */
export function planIssuers(
  networks: readonly NetworkProviders[],
  variables: Readonly<Record<string, string | undefined>>,
): IssuerPlan {
  const byPath = new Map<string, SandboxIssuer>();
  const problems: string[] = [];
  for (const network of networks) {
    for (const provider of network.config.authenticationProviders) {
      if (!usesIdentitySandbox(provider.issuer)) continue;
      const path = issuerPath(provider.issuer);
      const where = `tenants/${network.slug}: provider ${provider.id}`;
      if (path === '') {
        problems.push(`${where}: the issuer needs a path after ${IDENTITY_SANDBOX_PLACEHOLDER}`);
        continue;
      }
      let issuer = byPath.get(path);
      if (!issuer) {
        issuer = { template: provider.issuer, path, driver: provider.driver, clients: [] };
        byPath.set(path, issuer);
      } else if (issuer.driver !== provider.driver) {
        problems.push(`${where}: ${path} is already a ${issuer.driver} issuer, not ${provider.driver}`);
        continue;
      }
      const taken = issuer.clients.find((client) => client.clientId === provider.clientId);
      if (taken) {
        problems.push(
          `${where}: client ${provider.clientId} of ${path} already belongs to ${taken.networkSlug}`,
        );
        continue;
      }
      issuer.clients.push({
        clientId: provider.clientId,
        // Always set for a sandbox issuer: the variable, else the demo secret both sides derive.
        clientSecret: clientSecretOf(provider, variables) as string,
        providerName: provider.name,
        networkSlug: network.slug,
        domains: network.config.domains,
      });
    }
  }
  return { issuers: [...byPath.values()], problems };
}
