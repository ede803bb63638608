// The admin API from a test elsewhere (the ticket API's, end-to-end): makes a user at one issuer of
// the sandbox and answers its subject, as the issuer's ID tokens will carry it.
import {
  type CreateUserAnswer,
  type CreateUserRequest,
  createUserAnswerSchema,
  type PivotIdentityClaims,
  type RealmUserClaims,
} from './users/user-claims.ts';

export type { CreateUserRequest as SandboxUser, PivotIdentityClaims, RealmUserClaims };

export class SandboxAdminError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`the identity sandbox refused the user (${status}): ${JSON.stringify(body)}`);
    this.name = 'SandboxAdminError';
  }
}

/**
 * Creates a user at the issuer (`http://127.0.0.1:8100/realms/lakeside`: claims of a realm; an
 * issuer of FranceConnect: the pivot identity). Throws a SandboxAdminError on any refusal, 409 for
 * a username or email already taken.
 */
export async function createSandboxUser(
  issuerUrl: string,
  adminKey: string,
  user: CreateUserRequest,
): Promise<CreateUserAnswer> {
  const response = await fetch(`${issuerUrl.replace(/\/+$/, '')}/admin/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status !== 201) throw new SandboxAdminError(response.status, body);
  return createUserAnswerSchema.parse(body);
}
