// Account/login.json: the identity provider's id token signs in the account it belongs to (AUTH-01),
// an anonymous identity a guest (AUTH-04), or, with forceProfiles, answers the account's profiles
// to choose from (AUTH-03) before a second login with the chosen user_id. Opens a session on the
// network; an account within its withdrawal period signs in with userStatus PENDING_DELETION. The id
// token's sign-in must be live (a logout or a reset ends it, decision 0024), and names the session.
import type { AuthUser, TravellerProfile } from '@transit-shop/sdk/contract/auth-user';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import { commitWithoutFlush } from '../../db/commit-without-flush.ts';
import type { Database } from '../../db/database.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import type { IdentityKeys } from '../identity/identity-keys.ts';
import { verifyIdToken } from '../identity/identity-tokens.ts';
import { assertSignInLive } from '../identity/sign-ins.ts';
import { createSession } from '../sessions/create-session.ts';
import { revokeSession } from '../sessions/revoke-session.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import type { MailDeps } from './account-mail.ts';
import { activeProfileOf, profilesOf, toAuthUser, toTravellerProfile } from './auth-user.ts';
import { accountOfIdentity, assertGuestsAllowed } from './identity-of-account.ts';
import { networkVerifiesByEmail, sendVerificationLink } from './verification-link.ts';

export type LoginInput = {
  firebaseToken: string;
  /** The profile chosen after a login that answered profiles (or the holder's own id). */
  userId?: number | undefined;
  authAsGuest?: boolean | undefined;
  forceProfiles?: boolean | undefined;
  locale?: Locale | undefined;
};

export type LoginAnswer = { user: AuthUser } | { profiles: TravellerProfile[] };

const guestMismatch = (message: string) =>
  new AppError('INVALID_REQUEST', { details: { issues: [{ path: 'authAsGuest', message }] } });

export async function login(
  options: MailDeps & {
    db: Database;
    clock: Clock;
    policy: SessionPolicy;
    keys: IdentityKeys;
    network: LoadedNetwork;
    input: LoginInput;
  },
): Promise<LoginAnswer> {
  const { db, clock, network, input } = options;
  const claims = await verifyIdToken(input.firebaseToken, { keys: options.keys, clock });
  const { identity, user } = await accountOfIdentity(db, claims.identityAccountId);
  await assertSignInLive(db, claims);
  // A traveller signing in with the password the holder set: not once the holder deactivated them.
  if (user.parentUserId !== null && !user.active) throw new AppError('PROFILE_INACTIVE');

  // An anonymous identity signs a guest in, and only a guest; a guest's identity that has since
  // been given an email and password signs in its account.
  if (identity.anonymous) {
    if (!input.authAsGuest) throw guestMismatch(VALIDATION_MESSAGES.required);
    assertGuestsAllowed(network);
  } else if (input.authAsGuest) {
    throw guestMismatch(VALIDATION_MESSAGES.invalid);
  }

  let holder = user;
  const changes: Partial<UserRow> = {};
  if (input.locale !== undefined && input.locale !== holder.locale) changes.locale = input.locale;
  if (!identity.anonymous && holder.status === 'GUEST') changes.status = 'ACTIVE';
  if (Object.keys(changes).length > 0) {
    const [updated] = await db
      .update(users)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(users.id, holder.id))
      .returning();
    holder = updated ?? holder;
  }

  let chosen = holder;
  if (input.userId !== undefined && input.userId !== holder.id) {
    const profile = await activeProfileOf(db, holder.id, input.userId);
    if (!profile) throw new AppError('PROFILE_NOT_FOUND');
    chosen = profile;
  } else if (input.forceProfiles && input.userId === undefined && holder.status !== 'GUEST') {
    const active = (await profilesOf(db, holder.id)).filter((profile) => profile.active);
    // The holder first: one may sign in as oneself or as a traveller of the account.
    if (active.length > 0)
      return { profiles: [holder, ...active].map((person) => toTravellerProfile(person)) };
  }

  // Nobody else sends the first verification link of a new account: its first sign-in does.
  if (
    networkVerifiesByEmail(network) &&
    holder.status === 'ACTIVE' &&
    holder.email &&
    !holder.verifiedAt &&
    !holder.verificationEmailSentAt
  ) {
    await sendVerificationLink({ ...options, user: holder, required: false }).catch((error: unknown) => {
      options.logger.error({ err: error, userId: holder.id }, 'the first verification link was not sent');
    });
  }

  // Committed without waiting for the disk: a crash that lost the session asks for a sign-in again.
  const { token, session } = await commitWithoutFlush(db, (tx) =>
    createSession({
      db: tx,
      clock,
      policy: options.policy,
      userId: chosen.id,
      networkId: network.network.config.id,
      signInId: claims.signInId,
    }),
  );
  // A logout or reset that ran while the session was being opened may have missed it: asked again
  // now that the session is stored, either this check sees that the sign-in ended, or the
  // revocation saw the session (sign-ins.ts).
  try {
    await assertSignInLive(db, claims);
  } catch (error) {
    await revokeSession({ db, clock, sessionId: session.id });
    throw error;
  }
  return { user: await toAuthUser({ db, network, user: chosen, session, token }) };
}
