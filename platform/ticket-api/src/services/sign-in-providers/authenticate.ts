// account/authenticate (decision 0044): the verified identity behind the token signs in the account
// linked to it, or a new account made from its claims, verified since the provider vouches for it.
// An account already holding the identity's email answers ACCOUNT_OTHER_PROVIDER and leaves the
// token unspent, for a link once that account has signed in (a matching email alone never links).
// A FranceConnect identity writes its names, birth date and email at each sign-in (IDP-01). The
// session is opened as Account/login.json opens one, naming the provider, with the shop's own
// identity tokens of the account (to set an email and password later, IDP-03).
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { IdentitySession } from '@transit-shop/sdk/contract/identity';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type IdentityAccountRow, identities, identityAccounts } from '../../db/schema/identity.ts';
import type { ProviderSignInRow } from '../../db/schema/sign-in-providers.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import type { Logger } from '../../logger.ts';
import { loadUser, toAuthUser } from '../account/auth-user.ts';
import { identityOfUser } from '../account/identity-of-account.ts';
import { emailOwner } from '../identity/identity-accounts.ts';
import type { IdentityKeys } from '../identity/identity-keys.ts';
import { issueIdentitySession } from '../identity/identity-session.ts';
import { findLinkedIdentity } from '../identity/linked-identities.ts';
import { startSignIn } from '../identity/sign-ins.ts';
import { createSession } from '../sessions/create-session.ts';
import type { SessionPolicy } from '../sessions/session-policy.ts';
import { detailsOf, type IdentityDetails, writeFranceConnectDetails } from './identity-details.ts';
import type { SignInProvider, SignInProviders } from './provider-registry.ts';
import { findProviderSignIn, spendProviderSignIn } from './provider-sign-ins.ts';

export type AuthenticateInput = {
  authProviderToken: string;
  authProviderId: number;
  locale?: Locale | undefined;
};

type Context = { db: Database; clock: Clock; logger: Logger };

/**
 * The account's identity of ours, made without a password when it has none: its email is the
 * account's, unless another identity holds it.
 */
export async function ensureIdentityAccount(context: Context, user: UserRow): Promise<IdentityAccountRow> {
  const existing = await identityOfUser(context.db, user.id);
  if (existing) return existing;
  const now = context.clock.now();
  const email =
    user.email && (await emailOwner(context.db, user.email, user.id)) === null ? user.email : null;
  const [created] = await context.db
    .insert(identityAccounts)
    .values({ userId: user.id, email, anonymous: false, createdAt: now, updatedAt: now })
    .returning();
  if (!created) throw new Error('the identity was not stored');
  return created;
}

async function createAccount(
  context: Context,
  signIn: ProviderSignInRow,
  details: IdentityDetails,
  locale: Locale,
): Promise<UserRow> {
  const now = context.clock.now();
  const [user] = await context.db
    .insert(users)
    .values({
      email: details.email,
      firstName: details.firstName,
      lastName: details.lastName,
      birthday: details.birthday,
      locale,
      status: 'ACTIVE',
      // AUTH-12: the provider that signed the person in vouches for the account.
      verifiedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!user) throw new Error('the account was not stored');
  await context.db.insert(identities).values({
    userId: user.id,
    providerId: signIn.providerId,
    issuer: signIn.issuer,
    subject: signIn.subject,
    createdAt: now,
  });
  return user;
}

/** The account the identity signs in, its token spent in the same transaction. */
async function accountOf(
  context: Context & { network: LoadedNetwork; provider: SignInProvider; input: AuthenticateInput },
): Promise<{ user: UserRow; identity: IdentityAccountRow; signIn: ProviderSignInRow }> {
  const { db, clock, network, provider, input } = context;
  const networkId = network.network.config.id;
  const found = await findProviderSignIn({ db, clock, token: input.authProviderToken, networkId });
  if (found.providerId !== provider.id) throw new AppError('AUTHORIZATION_STATE_INVALID');
  return db.transaction(async (tx) => {
    const inTx = { ...context, db: tx };
    // Spent first: of two calls with one token, the second waits here for the first to commit and
    // is refused, instead of reading the account the first one is making halfway (its email taken,
    // its identity not yet linked) and answering that another provider's account has the email.
    const signIn = await spendProviderSignIn({ db: tx, clock, token: input.authProviderToken, networkId });
    const linked = await findLinkedIdentity(tx, signIn.issuer, signIn.subject);
    const details = detailsOf(signIn.claims);
    // Refused before anything is written: the transaction's rollback leaves the token unspent.
    if (!linked && details.email && (await emailOwner(tx, details.email))) {
      throw new AppError('ACCOUNT_OTHER_PROVIDER');
    }
    let user = linked
      ? await loadUser(tx, linked.userId)
      : await createAccount(inTx, signIn, details, input.locale ?? network.network.config.defaultLanguage);
    if (linked && provider.driver === 'FRANCECONNECT') {
      user = await writeFranceConnectDetails({ ...inTx, user, details });
    }
    if (linked && input.locale !== undefined && input.locale !== user.locale) {
      const [updated] = await tx
        .update(users)
        .set({ locale: input.locale, updatedAt: clock.now() })
        .where(eq(users.id, user.id))
        .returning();
      user = updated ?? user;
    }
    return { user, identity: await ensureIdentityAccount(inTx, user), signIn };
  });
}

export async function authenticate(
  options: Context & {
    policy: SessionPolicy;
    keys: IdentityKeys;
    providers: SignInProviders;
    network: LoadedNetwork;
    input: AuthenticateInput;
  },
): Promise<{ user: AuthUser; identity: IdentitySession }> {
  const { db, clock, network, input } = options;
  const provider = options.providers.providerOf(network, input.authProviderId);
  const context = { ...options, provider };
  const found = await accountOf(context).catch((error: unknown) => {
    // Another sign-in of the same new person made the account meanwhile: this one finds it linked.
    if (isUniqueViolation(error, 'identities_issuer_subject_key')) return accountOf(context);
    // An account took the email meanwhile.
    if (isUniqueViolation(error)) throw new AppError('ACCOUNT_OTHER_PROVIDER');
    throw error;
  });
  const { user, identity, signIn } = found;

  const signInId = await startSignIn({ db, clock, identityAccountId: identity.id });
  const identitySession = await issueIdentitySession(
    { db, clock, keys: options.keys },
    { account: identity, user },
    signInId,
  );
  const { token, session } = await createSession({
    db,
    clock,
    policy: options.policy,
    userId: user.id,
    networkId: network.network.config.id,
    signInId,
    provider: { id: provider.id, refreshToken: signIn.refreshToken, idToken: signIn.idToken },
  });
  return { user: await toAuthUser({ db, network, user, session, token }), identity: identitySession };
}
