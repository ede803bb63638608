// The admin API tests make their own users with, as Keycloak's admin API does:
// POST <issuer>/admin/users with `Authorization: Bearer <IDENTITY_SANDBOX_ADMIN_KEY>` and
// { username, password, claims } → 201 { sub }; 400 on a bad body, 401 without the key, 409 on a taken name.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, mediaTypeOf, readBody, sendJson } from '../http/answers.ts';
import type { SandboxIssuer } from '../issuers/sandbox-issuers.ts';
import type { Logger } from '../logger.ts';
import { kindOf } from '../oidc/issuer-provider.ts';
import {
  accountClaims,
  type CreateUserAnswer,
  createPivotIdentityUserRequestSchema,
  createRealmUserRequestSchema,
} from '../users/user-claims.ts';
import type { UserDirectory } from '../users/user-directory.ts';

const BODY_LIMIT = 16 * 1024;

// Digests first: timingSafeEqual needs equal lengths, and the key's length must not leak either.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const invalid = (res: ServerResponse, description: string, issues?: { path: string; message: string }[]) =>
  sendJson(res, 400, { error: 'invalid_request', error_description: description, ...(issues && { issues }) });

export function createAdminHandler(options: {
  issuer: SandboxIssuer;
  directory: UserDirectory;
  adminKey: string;
  logger: Logger;
}) {
  const { issuer, directory, adminKey, logger } = options;
  const kind = kindOf(issuer);
  const schema = kind === 'realm' ? createRealmUserRequestSchema : createPivotIdentityUserRequestSchema;

  return async function createUser(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'method_not_allowed' }, { allow: 'POST' });
      return;
    }
    const [scheme, key] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !key || !sameSecret(key, adminKey)) {
      sendJson(
        res,
        401,
        {
          error: 'unauthorized',
          error_description: 'Authorization: Bearer <IDENTITY_SANDBOX_ADMIN_KEY> is needed',
        },
        { 'www-authenticate': 'Bearer realm="identity-sandbox"' },
      );
      return;
    }
    if (mediaTypeOf(req) !== 'application/json') {
      invalid(res, 'the body is JSON (Content-Type: application/json)');
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req, BODY_LIMIT));
    } catch (error) {
      invalid(res, error instanceof BodyTooLarge ? error.message : 'the body is not valid JSON');
      return;
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      invalid(
        res,
        'the body is not a user of this issuer',
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
      return;
    }
    const { username, password, claims } = parsed.data;
    const added = await directory.add({ username, password, claims: accountClaims(kind, username, claims) });
    if (added === 'taken') {
      sendJson(res, 409, {
        error: 'username_taken',
        error_description: 'a user of this issuer already has this username or email',
      });
      return;
    }
    logger.info({ issuer: issuer.path, sub: added.sub }, 'user created');
    const answer: CreateUserAnswer = { sub: added.sub };
    sendJson(res, 201, answer);
  };
}
