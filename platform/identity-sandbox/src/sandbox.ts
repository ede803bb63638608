// The identity sandbox as one Node request handler: each issuer's oidc-provider mounted under its
// path, with the sandbox's own routes beside it (sign-in pages, admin API, Keycloak's logout form)
// and the pages' stylesheet.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolveIssuer } from '@transit-shop/tenancy';
import type Provider from 'oidc-provider';
import { createAdminHandler } from './admin/admin-routes.ts';
import { applyBaseHeaders, BodyTooLarge, mediaTypeOf, readBody, sendJson } from './http/answers.ts';
import { createInteractionHandler } from './interactions/interaction-routes.ts';
import type { AuthDriver, SandboxIssuer } from './issuers/sandbox-issuers.ts';
import type { Logger } from './logger.ts';
import { createIssuerProvider, KEYCLOAK_ROUTES, kindOf } from './oidc/issuer-provider.ts';
import { keycloakLogout } from './oidc/keycloak-logout.ts';
import { STYLESHEET, STYLESHEET_PATH } from './pages/stylesheet.ts';
import { DEMO_USERS } from './users/demo-users.ts';
import { accountClaims, type IssuerKind } from './users/user-claims.ts';
import { createUserDirectory, type UserDirectory } from './users/user-directory.ts';

export type ServedIssuer = { path: string; url: string; driver: AuthDriver };

export type IdentitySandbox = {
  issuers: readonly ServedIssuer[];
  handle(req: IncomingMessage, res: ServerResponse): void;
};

type Mount = ServedIssuer & {
  kind: IssuerKind;
  provider: Provider;
  directory: UserDirectory;
  forward: ReturnType<Provider['callback']>;
  handleInteraction: ReturnType<typeof createInteractionHandler>;
  createUser: ReturnType<typeof createAdminHandler>;
};

/** How a request mounted under a path tells oidc-provider where it is mounted (as connect/express do). */
type MountedRequest = IncomingMessage & { originalUrl?: string };

const FORM_LIMIT = 16 * 1024;
const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]{1,64})$/;

async function seedDemoUsers(issuer: SandboxIssuer, directory: UserDirectory) {
  const kind = kindOf(issuer);
  for (const user of DEMO_USERS[issuer.path] ?? []) {
    await directory.add({
      username: user.username,
      password: user.password,
      claims: accountClaims(kind, user.username, user.claims),
    });
  }
}

export async function createIdentitySandbox(options: {
  /** The sandbox's public origin, which replaces the tenant files' placeholder in every issuer. */
  publicUrl: string;
  issuers: readonly SandboxIssuer[];
  adminKey: string;
  logger: Logger;
}): Promise<IdentitySandbox> {
  const { logger } = options;
  const mounts: Mount[] = await Promise.all(
    options.issuers.map(async (issuer): Promise<Mount> => {
      const directory = createUserDirectory(issuer.path);
      await seedDemoUsers(issuer, directory);
      const url = resolveIssuer(issuer.template, options.publicUrl);
      const provider = await createIssuerProvider({ issuer, url, directory, logger });
      return {
        path: issuer.path,
        url,
        driver: issuer.driver,
        kind: kindOf(issuer),
        provider,
        directory,
        forward: provider.callback(),
        handleInteraction: createInteractionHandler({ provider, issuer, directory, logger }),
        createUser: createAdminHandler({ issuer, directory, adminKey: options.adminKey, logger }),
      };
    }),
  );
  // The longest path first, so that /a/b is not taken for a route of /a.
  const byPath = [...mounts].sort((a, b) => b.path.length - a.path.length);

  async function route(req: MountedRequest, res: ServerResponse) {
    applyBaseHeaders(res);
    const url = new URL(req.url ?? '/', 'http://identity-sandbox.invalid');
    if (url.pathname === STYLESHEET_PATH) {
      res.writeHead(200, {
        'content-type': 'text/css; charset=utf-8',
        'cache-control': 'public, max-age=31536000, immutable',
      });
      res.end(STYLESHEET);
      return;
    }
    if (url.pathname === '/healthz') {
      sendJson(res, 200, {
        status: 'ok',
        issuers: mounts.map(({ path, url, driver }) => ({ path, url, driver })),
      });
      return;
    }
    const mount = byPath.find(({ path }) => url.pathname === path || url.pathname.startsWith(`${path}/`));
    if (!mount) {
      sendJson(res, 404, { error: 'not_found' });
      return;
    }
    const rest = url.pathname.slice(mount.path.length) || '/';
    const interaction = INTERACTION_PATH.exec(rest);
    if (interaction) {
      await mount.handleInteraction(req, res, interaction[1] as string);
      return;
    }
    if (rest === '/admin/users') {
      await mount.createUser(req, res);
      return;
    }
    if (
      mount.kind === 'realm' &&
      rest === KEYCLOAK_ROUTES.end_session &&
      req.method === 'POST' &&
      mediaTypeOf(req) === 'application/x-www-form-urlencoded'
    ) {
      const body = await readBody(req, FORM_LIMIT);
      const form = new URLSearchParams(body);
      if (form.has('refresh_token')) {
        const outcome = await keycloakLogout(mount.provider, form, req.headers.authorization);
        if (outcome.status === 204) {
          res.writeHead(204);
          res.end();
        } else sendJson(res, outcome.status, outcome.body);
        return;
      }
      // An RP-initiated logout sent as a form: oidc-provider takes it by GET only (its POST needs
      // SameSite=None cookies, which need HTTPS), with the same parameters.
      for (const [name, value] of url.searchParams) form.append(name, value);
      req.method = 'GET';
      url.search = form.toString();
    }
    // oidc-provider finds its mount path as the part of originalUrl before url.
    req.url = `${rest}${url.search}`;
    req.originalUrl = `${mount.path}${req.url}`;
    await mount.forward(req, res);
  }

  return {
    issuers: mounts.map(({ path, url, driver }) => ({ path, url, driver })),
    handle(req, res) {
      route(req, res).catch((error: unknown) => {
        if (error instanceof BodyTooLarge && !res.headersSent) {
          sendJson(res, 413, { error: 'invalid_request', error_description: error.message });
          return;
        }
        logger.error({ err: error, method: req.method, url: req.url }, 'request failed');
        if (!res.headersSent) sendJson(res, 500, { error: 'server_error' });
        else res.destroy();
      });
    },
  };
}
