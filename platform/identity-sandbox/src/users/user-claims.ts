// What a sandbox user is made of, per kind of issuer: a realm's profile and email (as Keycloak's
// `profile` and `email` scopes give them), or FranceConnect's pivot identity. Also the admin API's
// request and answer, shared with the typed client tests use (admin-client.ts).
import { z } from 'zod';

const personName = z.string().trim().min(1).max(100);
const email = z.email().max(254);

/** A calendar date written YYYY-MM-DD, as FranceConnect's `birthdate`. */
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'a date that exists');

export const realmUserClaimsSchema = z.strictObject({
  given_name: personName,
  family_name: personName,
  email,
  email_verified: z.boolean().default(true),
});

/**
 * FranceConnect's pivot identity: given names (space-separated), family name, birth date, gender,
 * birthplace (the INSEE code of the commune, empty for a birth abroad), birth country (INSEE code,
 * 99100 for France), email, and the name in use when it differs (`preferred_username`).
 */
export const pivotIdentityClaimsSchema = z.strictObject({
  given_name: personName,
  family_name: personName,
  birthdate: isoDate,
  gender: z.enum(['female', 'male']),
  birthplace: z.string().regex(/^([0-9][0-9AB][0-9]{3})?$/, 'an INSEE commune code such as 75056, or empty'),
  birthcountry: z.string().regex(/^99[0-9]{3}$/, 'an INSEE country code such as 99100'),
  email,
  preferred_username: z.string().trim().max(100).optional(),
});

export type RealmUserClaims = z.input<typeof realmUserClaimsSchema>;
export type PivotIdentityClaims = z.input<typeof pivotIdentityClaimsSchema>;

/** What users sign in with: letters, digits and . _ @ + - (an email address fits). */
export const usernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._@+-]{0,127}$/, 'letters, digits and . _ @ + -, 128 at most');

const passwordSchema = z.string().min(1).max(256);

export const createRealmUserRequestSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  claims: realmUserClaimsSchema,
});

export const createPivotIdentityUserRequestSchema = z.strictObject({
  username: usernameSchema,
  password: passwordSchema,
  claims: pivotIdentityClaimsSchema,
});

export type CreateUserRequest =
  | z.input<typeof createRealmUserRequestSchema>
  | z.input<typeof createPivotIdentityUserRequestSchema>;

export const createUserAnswerSchema = z.strictObject({ sub: z.uuid() });
export type CreateUserAnswer = z.infer<typeof createUserAnswerSchema>;

export type IssuerKind = 'realm' | 'franceconnect';

/** The claims of an account, `sub` aside; oidc-provider keeps those the grant's scopes name. */
export type AccountClaims = Readonly<Record<string, string | boolean>>;

const withoutUnset = (claims: Record<string, string | boolean | undefined>): AccountClaims =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined)) as AccountClaims;

/** The claims a user's tokens may carry, from what was given (a realm adds Keycloak's derived ones). */
export function accountClaims(
  kind: IssuerKind,
  username: string,
  given: RealmUserClaims | PivotIdentityClaims,
): AccountClaims {
  if (kind === 'franceconnect') return withoutUnset(pivotIdentityClaimsSchema.parse(given));
  const claims = realmUserClaimsSchema.parse(given);
  return {
    ...claims,
    name: `${claims.given_name} ${claims.family_name}`,
    preferred_username: username.toLowerCase(),
  };
}
