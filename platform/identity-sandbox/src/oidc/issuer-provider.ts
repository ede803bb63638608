// One oidc-provider per sandbox issuer: its clients from the tenant files, its users from the
// directory, Keycloak's route names for a realm and FranceConnect's pivot identity for FranceConnect,
// PKCE required, refresh tokens with every authorization code, and the sandbox's own pages.
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import Provider, { type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { originOf, pagePolicy } from '../http/answers.ts';
import type { SandboxClient, SandboxIssuer } from '../issuers/sandbox-issuers.ts';
import type { Logger } from '../logger.ts';
import type { Page } from '../pages/layout.ts';
import { chooseLocale, type Locale } from '../pages/locale.ts';
import { errorPage, signedOutPage, signOutPage } from '../pages/views.ts';
import type { IssuerKind } from '../users/user-claims.ts';
import type { UserDirectory } from '../users/user-directory.ts';
import { endUserSession } from './end-user-session.ts';
import { isOnDomains } from './redirect-hosts.ts';
import { generateSigningKey } from './signing-key.ts';

/** Keycloak's endpoint paths under a realm's issuer. */
export const KEYCLOAK_ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

/** Keycloak's `profile` and `email` scopes. */
const REALM_CLAIMS = {
  openid: ['sub'],
  profile: ['name', 'given_name', 'family_name', 'preferred_username'],
  email: ['email', 'email_verified'],
};

const PIVOT_IDENTITY = ['given_name', 'family_name', 'birthdate', 'gender', 'birthplace', 'birthcountry'];

/** FranceConnect's scopes: one per claim, and its groups (profile, birth, identite_pivot). */
const FRANCECONNECT_CLAIMS = {
  openid: ['sub'],
  ...Object.fromEntries([...PIVOT_IDENTITY, 'email', 'preferred_username'].map((claim) => [claim, [claim]])),
  profile: ['given_name', 'family_name', 'birthdate', 'gender', 'preferred_username'],
  birth: ['birthplace', 'birthcountry'],
  identite_pivot: PIVOT_IDENTITY,
};

/** Lifetimes, in seconds: a sandbox keeps sessions as long as a shop's session may last. */
const TTL = {
  AccessToken: 5 * 60,
  AuthorizationCode: 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
};

export const kindOf = (issuer: Pick<SandboxIssuer, 'driver'>): IssuerKind =>
  issuer.driver === 'FRANCECONNECT' ? 'franceconnect' : 'realm';

/** What the pages call the place one signs in at: the network's name for its realm, or FranceConnect. */
export function issuerLabel(issuer: SandboxIssuer, clientId: unknown): string {
  if (kindOf(issuer) === 'franceconnect') return 'FranceConnect (sandbox)';
  const client = issuer.clients.find((candidate) => candidate.clientId === clientId);
  return client?.providerName ?? issuer.path.split('/').pop() ?? issuer.path;
}

/** The language of a page oidc-provider renders, by the request's ui_locales, then Accept-Language. */
export function localeOfContext(ctx: KoaContextWithOIDC, fallback: Locale): Locale {
  return chooseLocale({
    uiLocales: ctx.oidc?.params?.ui_locales,
    acceptLanguage: ctx.get('accept-language'),
    acceptsLanguages: (languages) => ctx.acceptsLanguages(languages),
    fallback,
  });
}

export const defaultLocaleOf = (issuer: SandboxIssuer): Locale =>
  kindOf(issuer) === 'franceconnect' ? 'fr' : 'en';

function renderInContext(ctx: KoaContextWithOIDC, page: Page, formTargets: string[] = []) {
  ctx.type = 'html';
  ctx.set('content-language', page.locale);
  ctx.set('content-security-policy', pagePolicy(formTargets));
  ctx.body = page.html;
}

function clientMetadata(client: SandboxClient): ClientMetadata {
  // Registered for the record: redirectUriAllowed below accepts any URL on the network's domains.
  const registered = client.domains.map((domain) => `https://${domain}/`);
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: client.providerName,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // client_secret_post is accepted too: oidc-provider takes either for a client_secret_basic client.
    token_endpoint_auth_method: 'client_secret_basic',
    id_token_signed_response_alg: 'RS256',
    redirect_uris: registered,
    post_logout_redirect_uris: registered,
  };
}

export async function createIssuerProvider(options: {
  issuer: SandboxIssuer;
  /** The issuer identifier, the sandbox's origin and the issuer's path. */
  url: string;
  directory: UserDirectory;
  logger: Logger;
}): Promise<Provider> {
  const { issuer, directory, logger } = options;
  const kind = kindOf(issuer);
  const fallbackLocale = defaultLocaleOf(issuer);
  // Each issuer's session cookie stays under its own path: the issuers share one origin.
  const sessionCookie = { httpOnly: true, sameSite: 'lax', path: issuer.path } as const;

  const configuration: Configuration = {
    clients: issuer.clients.map(clientMetadata),
    jwks: { keys: [await generateSigningKey()] },
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      long: sessionCookie,
      short: { httpOnly: true, sameSite: 'lax' },
    },
    claims: kind === 'realm' ? REALM_CLAIMS : FRANCECONNECT_CLAIMS,
    scopes: ['openid', 'offline_access'],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
    responseTypes: ['code'],
    acrValues: kind === 'franceconnect' ? ['eidas1'] : [],
    // The shop reads the user's claims from the verified ID token, not from userinfo.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => {
      const user = directory.find(sub);
      return user && { accountId: sub, claims: () => ({ ...user.claims, sub }) };
    },
    interactions: { url: (_ctx, interaction) => `${issuer.path}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const session = ctx.oidc.session;
          const state = session?.state ?? {};
          const hint = ctx.oidc.entities.IdTokenHint;
          // An ID token of the signed-in user proves the logout comes from their shop: no question.
          if (session?.accountId && hint?.payload.sub === session.accountId) {
            await endUserSession(ctx.oidc.provider, session);
            ctx.oidc.cookies.set(ctx.oidc.provider.cookieName('session'), null, sessionCookie);
            if (typeof state.postLogoutRedirectUri === 'string') {
              const target = new URL(state.postLogoutRedirectUri);
              if (state.state != null) target.searchParams.set('state', String(state.state));
              ctx.status = 303;
              ctx.redirect(target.href);
              return;
            }
            renderInContext(
              ctx,
              signedOutPage({
                locale: localeOfContext(ctx, fallbackLocale),
                providerLabel: issuerLabel(issuer, ctx.oidc.client?.clientId),
              }),
            );
            return;
          }
          renderInContext(
            ctx,
            signOutPage({
              locale: localeOfContext(ctx, fallbackLocale),
              providerLabel: issuerLabel(issuer, ctx.oidc.client?.clientId),
              form,
            }),
            originOf(state.postLogoutRedirectUri),
          );
        },
        postLogoutSuccessSource: (ctx) => {
          renderInContext(
            ctx,
            signedOutPage({
              locale: localeOfContext(ctx, fallbackLocale),
              providerLabel: issuerLabel(issuer, ctx.oidc.client?.clientId),
            }),
          );
        },
      },
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    ...(kind === 'realm' && { routes: KEYCLOAK_ROUTES }),
    allowOmittingSingleRegisteredRedirectUri: false,
    clientBasedCORS: () => false,
    renderError: (ctx, out) => {
      renderInContext(
        ctx,
        errorPage({
          locale: localeOfContext(ctx, fallbackLocale),
          code: out.error,
          detail: out.error_description,
        }),
      );
    },
    ttl: TTL,
  };

  const provider = new Provider(options.url, configuration);
  const domainsOf = new Map(issuer.clients.map((client) => [client.clientId, client.domains]));
  provider.Client.prototype.redirectUriAllowed = function (this: { clientId: string }, uri: string) {
    return isOnDomains(uri, domainsOf.get(this.clientId) ?? []);
  };
  provider.Client.prototype.postLogoutRedirectUriAllowed = function (
    this: { clientId: string },
    uri: string,
  ) {
    return isOnDomains(uri, domainsOf.get(this.clientId) ?? []);
  };
  provider.on('server_error', (_ctx: unknown, error: Error) =>
    logger.error({ err: error, issuer: issuer.path }, 'the OpenID provider failed'),
  );
  // Koa's own handler would print to the console; errors go to the log instead. Koa's 'error'
  // event is not in oidc-provider's list of events.
  (provider as EventEmitter).on('error', (error: Error) =>
    logger.error({ err: error, issuer: issuer.path }, 'request failed'),
  );
  return provider;
}
