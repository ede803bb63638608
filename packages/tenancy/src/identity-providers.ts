// The OpenID providers a network signs its riders in with (decision 0044): where the issuer is,
// which client the shop is there, and how its secret is found. The demo networks name the identity
// sandbox by a placeholder, because its origin is only known when the platform starts.
import { z } from 'zod';

/** Written at the start of a demo issuer; replaced by the identity sandbox's origin. */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is written as-is in tenant files.
export const IDENTITY_SANDBOX_PLACEHOLDER = '${IDENTITY_SANDBOX_URL}';

const isUrl = (value: string) => z.url({ protocol: /^https?$/ }).safeParse(value).success;

/** An issuer URL, or the sandbox's placeholder followed by a path (`${IDENTITY_SANDBOX_URL}/realms/lakeside`). */
export const issuerSchema = z
  .string()
  .max(512)
  .refine(
    (issuer) =>
      issuer.startsWith(`${IDENTITY_SANDBOX_PLACEHOLDER}/`)
        ? /^\/[A-Za-z0-9._~/-]+$/.test(issuer.slice(IDENTITY_SANDBOX_PLACEHOLDER.length))
        : isUrl(issuer),
    `an http(s) URL, or ${IDENTITY_SANDBOX_PLACEHOLDER} followed by a path`,
  );

/** The name of the environment variable holding a client secret: never the secret itself. */
export const secretReferenceSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{2,127}$/, 'the name of an environment variable (CAPITALS_AND_UNDERSCORES)');

export function usesIdentitySandbox(issuer: string): boolean {
  return issuer.startsWith(`${IDENTITY_SANDBOX_PLACEHOLDER}/`);
}

/** The issuer as its tokens write it, the sandbox's origin put in place of the placeholder. */
export function resolveIssuer(issuer: string, identitySandboxUrl: string): string {
  if (!usesIdentitySandbox(issuer)) return issuer;
  return `${identitySandboxUrl.replace(/\/+$/, '')}${issuer.slice(IDENTITY_SANDBOX_PLACEHOLDER.length)}`;
}

/**
 * A client's secret: the environment variable its reference names; for a client of the identity
 * sandbox left unset, the sandbox's demo secret, which both sides derive alike. Undefined when a real
 * provider's secret is missing: that provider cannot sign anyone in.
 */
export function clientSecretOf(
  provider: { issuer: string; clientId: string; clientSecretRef: string },
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const value = env[provider.clientSecretRef];
  if (value) return value;
  return usesIdentitySandbox(provider.issuer) ? `sandbox-secret-${provider.clientId}` : undefined;
}
