// The auth user every sign-in and account call answers (spec 02 §3), built from the account row,
// its traveller profiles and linked identities, and the session the caller holds (with the provider
// it was opened with, decision 0044).
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { DEFAULT_LOCALE, isLocale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { identities, identityAccounts } from '../../db/schema/identity.ts';
import type { SessionRow } from '../../db/schema/sessions.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { sessionProviderOf } from '../sessions/session-provider.ts';
import { pictureUrl } from './picture-url.ts';

export async function findUser(db: Database, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

export async function loadUser(db: Database, userId: number): Promise<UserRow> {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  return user;
}

/** The active traveller profile of that id, if it is one of the holder's. */
export async function activeProfileOf(
  db: Database,
  holderId: number,
  profileId: number,
): Promise<UserRow | undefined> {
  const [profile] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, profileId),
        eq(users.parentUserId, holderId),
        eq(users.active, true),
        ne(users.status, 'ANONYMISED'),
      ),
    )
    .limit(1);
  return profile;
}

/** Traveller profiles of an account holder, oldest first; erased ones are gone. */
export function profilesOf(db: Database, holderId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.parentUserId, holderId), ne(users.status, 'ANONYMISED')))
    .orderBy(asc(users.id));
}

export function toTravellerProfile(user: UserRow, signInEmail: string | null = null): TravellerProfile {
  return {
    userId: user.id,
    userName: user.firstName ?? '',
    userLastname: user.lastName ?? '',
    userBirthday: user.birthday,
    cardNumber: user.cardNumber,
    active: user.active,
    signInEmail,
  };
}

function addressOf(user: UserRow): AuthUser['address'] {
  const parts = [user.addressRoute, user.addressPostalCode, user.addressCity, user.addressState];
  if (parts.every((part) => part === null)) return null;
  return {
    addressRoute: user.addressRoute ?? '',
    addressPostalCode: user.addressPostalCode ?? '',
    addressCity: user.addressCity ?? '',
    addressState: user.addressState ?? '',
  };
}

/**
 * The issuers of the account's linked identities and, for a holder, its traveller profiles (oldest
 * first, erased ones gone, as profilesOf reads them): one round trip for every answer that carries
 * the user.
 */
async function identitiesAndProfilesOf(
  db: Database,
  userId: number,
  withProfiles: boolean,
): Promise<{ linked: string[]; profiles: TravellerProfile[] }> {
  const profiles = withProfiles
    ? sql`(select json_agg(json_build_object(
          'userId', ${users.id}, 'userName', coalesce(${users.firstName}, ''),
          'userLastname', coalesce(${users.lastName}, ''), 'userBirthday', ${users.birthday},
          'cardNumber', ${users.cardNumber}, 'active', ${users.active},
          'signInEmail', ${identityAccounts.email}) order by ${users.id})
        from ${users} left join ${identityAccounts} on ${identityAccounts.userId} = ${users.id}
        where ${users.parentUserId} = ${userId} and ${users.status} <> 'ANONYMISED')`
    : sql`null`;
  const [row] = await queryRows<{ linked: string[] | null; profiles: TravellerProfile[] | null }>(
    db,
    sql`select
      (select json_agg(${identities.issuer}) from ${identities} where ${identities.userId} = ${userId}) as linked,
      ${profiles} as profiles`,
  );
  return { linked: row?.linked ?? [], profiles: row?.profiles ?? [] };
}

/**
 * The answer's user for the holder of `session` on the session's network; `token` is the userToken
 * the caller holds. Its identities are those at the network's providers, matched by issuer.
 */
export async function toAuthUser(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  session: SessionRow;
  token: string;
}): Promise<AuthUser> {
  const { db, network, user, session } = options;
  const isProfile = user.parentUserId !== null;
  const isGuest = user.status === 'GUEST';
  const { linked, profiles } = await identitiesAndProfilesOf(db, user.id, !isProfile && !isGuest);
  if (user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  const issuers = new Set(linked);
  const providers = network.network.config.authenticationProviders;
  const signedInWith = sessionProviderOf(network, session);
  return {
    userToken: options.token,
    userId: user.id,
    userName: user.firstName,
    userLastname: user.lastName,
    userMail: user.email,
    userBirthday: user.birthday,
    userPictureUrl: user.picturePath ? pictureUrl(user.picturePath) : null,
    userPhoneNumber: user.phoneNumber,
    userStatus: user.status,
    isParent: !isProfile && !isGuest,
    verifiedAt: user.verifiedAt?.toISOString() ?? null,
    authAsGuest: isGuest,
    address: addressOf(user),
    customerNumber: user.customerNumber,
    contactEmail: user.contactEmail,
    appearance: user.appearance,
    dataSharingConsent: user.dataSharingConsent,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    identities: providers
      .filter((provider) => issuers.has(provider.issuer))
      .map((provider) => ({ providerId: provider.id }))
      .sort((a, b) => a.providerId - b.providerId),
    signedInWith: signedInWith && { providerId: signedInWith.id, driver: signedInWith.driver },
    profiles,
    deletionRequestedAt: user.deletionRequestedAt?.toISOString() ?? null,
    sessionExpiresAt: session.idleExpiresAt.toISOString(),
  };
}

/** Calls that change the account answer ACCOUNT_PENDING_DELETION during the withdrawal period. */
export function assertAccountOpen(user: UserRow): void {
  if (user.status === 'ANONYMISED') throw new AppError('ACCOUNT_DELETED');
  if (user.status === 'PENDING_DELETION') throw new AppError('ACCOUNT_PENDING_DELETION');
}
