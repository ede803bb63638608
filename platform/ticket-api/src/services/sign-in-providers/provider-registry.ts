// The networks' OpenID providers as the shop, their relying party, sees them (decision 0044): a
// network's provider by id with its issuer resolved, its client secret, and its openid-client
// configuration, discovered once per issuer and client, and again after a failure.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import {
  clientSecretOf,
  type LoadedNetwork,
  resolveIssuer,
  usesIdentitySandbox,
} from '@transit-shop/tenancy';
import * as openid from 'openid-client';
import type { Clock } from '../../clock.ts';
import type { SecretOf } from '../../env.ts';
import type { Logger } from '../../logger.ts';

type ProviderConfig = LoadedNetwork['network']['config']['authenticationProviders'][number];

/** A provider of one network, its issuer as its tokens write it. */
export type SignInProvider = ProviderConfig & { networkId: number; resolvedIssuer: string };

export type SignInProviders = {
  /** IDENTITY_PROVIDER_NOT_FOUND unless the network has a provider of this id. */
  providerOf(network: LoadedNetwork, providerId: number): SignInProvider;
  /** The provider's discovered configuration; IDENTITY_PROVIDER_UNAVAILABLE when it cannot be had. */
  configurationOf(provider: SignInProvider): Promise<openid.Configuration>;
  /** The client secret; IDENTITY_PROVIDER_UNAVAILABLE when a real provider's is not set. */
  secretOf(provider: SignInProvider): string;
  /** How long a request to a provider may take. */
  readonly timeoutSeconds: number;
};

/** A provider's discovery failed this recently: fail at once rather than wait on it again. */
const RETRY_AFTER_MS = 5_000;
const TIMEOUT_SECONDS = 10;

const unavailable = () => new AppError('IDENTITY_PROVIDER_UNAVAILABLE');

export function createSignInProviders(options: {
  /** IDENTITY_SANDBOX_URL: the origin put in place of the sandbox's placeholder. */
  identitySandboxUrl: string;
  /** The environment variables the tenant files name (env.ts secretsOf). */
  secretOf: SecretOf;
  clock: Clock;
  logger: Logger;
  timeoutSeconds?: number;
  retryAfterMs?: number;
}): SignInProviders {
  const { clock, logger } = options;
  const timeoutSeconds = options.timeoutSeconds ?? TIMEOUT_SECONDS;
  const retryAfterMs = options.retryAfterMs ?? RETRY_AFTER_MS;
  const configurations = new Map<string, Promise<openid.Configuration>>();
  const failedAt = new Map<string, number>();
  const secretOf = (provider: SignInProvider) => {
    const reference = provider.clientSecretRef;
    const secret = clientSecretOf(provider, { [reference]: options.secretOf(reference) });
    if (secret) return secret;
    logger.error(
      { networkId: provider.networkId, providerId: provider.id, variable: provider.clientSecretRef },
      'a sign-in provider has no client secret: set the variable its tenant file names',
    );
    throw unavailable();
  };

  async function discover(provider: SignInProvider, secret: string): Promise<openid.Configuration> {
    const issuer = new URL(provider.resolvedIssuer);
    // Only the identity sandbox, on this machine or beside it, may be reached over plain HTTP.
    const insecure = usesIdentitySandbox(provider.issuer) && issuer.protocol === 'http:';
    return openid.discovery(issuer, provider.clientId, secret, openid.ClientSecretPost(secret), {
      timeout: timeoutSeconds,
      // openid-client checks the ID token's signature from the token endpoint only when asked to.
      execute: insecure
        ? [openid.allowInsecureRequests, openid.enableNonRepudiationChecks]
        : [openid.enableNonRepudiationChecks],
    });
  }

  return {
    timeoutSeconds,
    secretOf,
    providerOf(network, providerId) {
      const config = network.network.config;
      const provider = config.authenticationProviders.find((candidate) => candidate.id === providerId);
      if (!provider) throw new AppError('IDENTITY_PROVIDER_NOT_FOUND');
      return {
        ...provider,
        networkId: config.id,
        resolvedIssuer: resolveIssuer(provider.issuer, options.identitySandboxUrl),
      };
    },
    configurationOf(provider) {
      const key = `${provider.resolvedIssuer} ${provider.clientId}`;
      const known = configurations.get(key);
      if (known) return known;
      const failed = failedAt.get(key);
      if (failed !== undefined && clock.now().getTime() - failed < retryAfterMs)
        return Promise.reject(unavailable());
      if (new URL(provider.resolvedIssuer).protocol !== 'https:' && !usesIdentitySandbox(provider.issuer)) {
        logger.error(
          { networkId: provider.networkId, providerId: provider.id, issuer: provider.resolvedIssuer },
          'a sign-in provider is not served over HTTPS: only the identity sandbox may be',
        );
        return Promise.reject(unavailable());
      }
      let secret: string;
      try {
        secret = secretOf(provider);
      } catch (error) {
        return Promise.reject(error);
      }
      const discovering = discover(provider, secret).then(
        (configuration) => {
          failedAt.delete(key);
          return configuration;
        },
        (error: unknown) => {
          configurations.delete(key);
          failedAt.set(key, clock.now().getTime());
          logger.warn(
            {
              err: error,
              networkId: provider.networkId,
              providerId: provider.id,
              issuer: provider.resolvedIssuer,
            },
            'the sign-in provider could not be discovered',
          );
          throw unavailable();
        },
      );
      configurations.set(key, discovering);
      return discovering;
    },
  };
}
