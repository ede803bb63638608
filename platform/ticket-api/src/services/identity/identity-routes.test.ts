import { IDENTITY_CALLS, identitySessionSchema } from '@transit-shop/sdk/contract/identity';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityAccounts } from '../../db/schema/identity.ts';
import { users } from '../../db/schema/users.ts';
import { envelopeOf, LUMIERE_ID, useTestApp } from '../../test-support/test-app.ts';
import { createCustomToken, verifyIdToken } from './identity-tokens.ts';

const testApp = useTestApp();
const PASSWORD = 'Tramway-Line-7!';

let registered = 0;
function registration(overrides: Record<string, unknown> = {}) {
  registered += 1;
  return {
    email: `ada.${registered}@example.org`,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    networkId: LUMIERE_ID,
    locale: 'en',
    acceptedTerms: true,
    acceptedPrivacy: true,
    ...overrides,
  };
}

async function okAnswer(response: Response) {
  const body = await envelopeOf(response);
  if (body.status !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(body)}`);
  return body.response;
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const payload = registration(overrides);
  const session = identitySessionSchema.parse(
    await okAnswer(await testApp.current.call(IDENTITY_CALLS.signUp, payload)),
  );
  return { payload, session };
}

const signIn = (email: string, password: string) =>
  testApp.current.call(IDENTITY_CALLS.signInWithPassword, { email, password, networkId: LUMIERE_ID });

describe('identity/signUp', () => {
  it('AUTH-05 registers the identity and the account it signs in, with names, locale and both acceptances', async () => {
    const { payload, session } = await signUp({ email: '  Grace.Hopper@Example.org ' });
    expect(session).toMatchObject({ expiresIn: 3600, email: 'Grace.Hopper@Example.org' });

    const { db } = testApp.current.deps;
    const [row] = await db
      .select({ account: identityAccounts, user: users })
      .from(identityAccounts)
      .innerJoin(users, eq(users.id, identityAccounts.userId))
      .where(eq(identityAccounts.id, session.localId));
    expect(row?.account).toMatchObject({ email: 'Grace.Hopper@Example.org', anonymous: false });
    expect(row?.account.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.account.passwordHash).not.toContain(payload.password);
    expect(row?.user).toMatchObject({
      email: 'Grace.Hopper@Example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: 'en',
      status: 'ACTIVE',
      verifiedAt: null,
      termsAcceptedAt: testApp.current.clock.now(),
      privacyAcceptedAt: testApp.current.clock.now(),
    });

    // The id token is what Account/login.json takes as firebase_token.
    const claims = await verifyIdToken(session.idToken, {
      keys: testApp.current.deps.identityKeys,
      clock: testApp.current.clock,
    });
    expect(claims).toMatchObject({
      identityAccountId: session.localId,
      email: 'Grace.Hopper@Example.org',
      emailVerified: false,
      anonymous: false,
    });
  });

  it('AUTH-04 makes an anonymous identity and a guest account when no email, password or names are given', async () => {
    const session = identitySessionSchema.parse(
      await okAnswer(
        await testApp.current.call(IDENTITY_CALLS.signUp, { networkId: LUMIERE_ID, locale: 'ar' }),
      ),
    );
    expect(session.email).toBeNull();
    const [row] = await testApp.current.deps.db
      .select({ account: identityAccounts, user: users })
      .from(identityAccounts)
      .innerJoin(users, eq(users.id, identityAccounts.userId))
      .where(eq(identityAccounts.id, session.localId));
    expect(row?.account).toMatchObject({ anonymous: true, email: null, passwordHash: null });
    expect(row?.user).toMatchObject({ status: 'GUEST', email: null, locale: 'ar' });
  });

  it('AUTH-05 registration needs an email: names without one are refused field by field', async () => {
    const { email: _email, ...withoutEmail } = registration();
    const response = await testApp.current.call(IDENTITY_CALLS.signUp, withoutEmail);
    expect(response.status).toBe(400);
    expect((await envelopeOf(response)).response.error?.details?.issues).toEqual([
      { path: 'email', message: VALIDATION_MESSAGES.required },
    ]);
  });

  it('VAL-04 refuses a password that breaks the password rules', async () => {
    const response = await testApp.current.call(IDENTITY_CALLS.signUp, registration({ password: 'short' }));
    expect(response.status).toBe(400);
    const issues = (await envelopeOf(response)).response.error?.details?.issues as { path: string }[];
    expect(issues.every((issue) => issue.path === 'password')).toBe(true);
    expect(issues.length).toBeGreaterThan(0);
  });

  it('AUTH-09 answers EMAIL_IN_USE for an email registered in any case', async () => {
    const { payload } = await signUp();
    const response = await testApp.current.call(
      IDENTITY_CALLS.signUp,
      registration({ email: payload.email.toUpperCase() }),
    );
    expect(response.status).toBe(409);
    expect((await envelopeOf(response)).response.error?.code).toBe('EMAIL_IN_USE');
  });

  it('AUTH-09 answers ACCOUNT_OTHER_PROVIDER for an email whose account signs in another way', async () => {
    const { db } = testApp.current.deps;
    const now = testApp.current.clock.now();
    await db.insert(users).values({
      email: 'franceconnect.only@example.org',
      locale: 'fr',
      createdAt: now,
      updatedAt: now,
    });
    const response = await testApp.current.call(
      IDENTITY_CALLS.signUp,
      registration({ email: 'franceconnect.only@example.org' }),
    );
    expect(response.status).toBe(409);
    expect((await envelopeOf(response)).response.error?.code).toBe('ACCOUNT_OTHER_PROVIDER');
  });
});

describe('identity/signInWithPassword', () => {
  it('AUTH-01 signs in with the email in any case and the password', async () => {
    const { payload, session } = await signUp();
    const answer = identitySessionSchema.parse(
      await okAnswer(await signIn(payload.email.toUpperCase(), PASSWORD)),
    );
    expect(answer.localId).toBe(session.localId);
    expect(answer.refreshToken).not.toBe(session.refreshToken);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { payload } = await signUp();
    const wrong = await signIn(payload.email, 'Not-The-Password-1');
    const unknown = await signIn('nobody.here@example.org', 'Not-The-Password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = {
      status: 'ko',
      response: { error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } },
    };
    expect(await envelopeOf(wrong)).toEqual(expected);
    expect(await envelopeOf(unknown)).toEqual(expected);
  });

  it('AUTH-08 locks an email after five failures in 15 minutes, with the same answers whether it has an account', async () => {
    const { clock } = testApp.current;
    const { payload } = await signUp();
    const emails = [payload.email, 'nobody.at.all@example.org'];
    const answers: Record<string, unknown[]> = {};
    for (const email of emails) {
      answers[email] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const response = await signIn(email, `Wrong-Password-${attempt}`);
        answers[email]?.push([response.status, (await envelopeOf(response)).response.error]);
        clock.advanceMinutes(1);
      }
    }
    const invalid = [401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }];
    const locked = (seconds: number) => [
      423,
      {
        code: 'ACCOUNT_LOCKED',
        message:
          'Too many failed attempts: the account is temporarily locked; reset the password or retry later',
        details: { retryAfterSeconds: seconds },
      },
    ];
    const expected = [invalid, invalid, invalid, invalid, locked(900), locked(840)];
    expect(answers[emails[0] as string]).toEqual(expected);
    expect(answers[emails[1] as string]).toEqual(expected);

    // Locked means locked, even with the right password; 15 minutes after the lock it opens again.
    expect((await envelopeOf(await signIn(payload.email, PASSWORD))).response.error?.code).toBe(
      'ACCOUNT_LOCKED',
    );
    clock.advanceMinutes(15);
    expect((await signIn(payload.email, PASSWORD)).status).toBe(200);
  });

  it('AUTH-08 forgets failures older than 15 minutes and after a successful sign-in', async () => {
    const { clock } = testApp.current;
    const { payload } = await signUp();
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(payload.email, 'Wrong-Password-0');
    clock.advanceMinutes(16);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(payload.email, 'Wrong-Password-0')).status).toBe(401);
    }
    expect((await signIn(payload.email, PASSWORD)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await signIn(payload.email, 'Wrong-Password-0')).status).toBe(401);
    }
  });

  it('ACC-06 signs in during the withdrawal period of a deletion, and ACC-07 not once the account is anonymised', async () => {
    const { db } = testApp.current.deps;
    const { payload, session } = await signUp();
    const [account] = await db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.id, session.localId));
    if (!account) throw new Error('no identity');
    await db.update(users).set({ status: 'PENDING_DELETION' }).where(eq(users.id, account.userId));
    expect((await signIn(payload.email, PASSWORD)).status).toBe(200);
    await db.update(users).set({ status: 'ANONYMISED' }).where(eq(users.id, account.userId));
    expect((await envelopeOf(await signIn(payload.email, PASSWORD))).response.error?.code).toBe(
      'INVALID_CREDENTIALS',
    );
  });
});

describe('identity/lookup and identity/token', () => {
  it('answers what an id token stands for', async () => {
    const { payload, session } = await signUp();
    const answer = await okAnswer(
      await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: session.idToken }),
    );
    expect(answer).toEqual({
      localId: session.localId,
      email: payload.email,
      emailVerified: false,
      anonymous: false,
      hasPassword: true,
      createdAt: testApp.current.clock.now().toISOString(),
    });
  });

  it('refuses an id token past its hour, and a made-up one, with TOKEN_INVALID', async () => {
    const { clock } = testApp.current;
    const { session } = await signUp();
    clock.advanceMinutes(61);
    const expired = await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: session.idToken });
    const madeUp = await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: 'a.b.c' });
    for (const response of [expired, madeUp]) {
      expect(response.status).toBe(401);
      expect((await envelopeOf(response)).response.error).toEqual({
        code: 'TOKEN_INVALID',
        message: 'Token is invalid',
      });
    }
  });

  it('refreshes the id token once per refresh token, and a refresh token used twice ends its family', async () => {
    const { clock } = testApp.current;
    const { session } = await signUp();
    clock.advanceMinutes(61);
    const refresh = (token: string) =>
      testApp.current.call(IDENTITY_CALLS.token, { grant_type: 'refresh_token', refresh_token: token });

    const first = identitySessionSchema.parse(await okAnswer(await refresh(session.refreshToken)));
    expect(first.localId).toBe(session.localId);
    expect(first.refreshToken).not.toBe(session.refreshToken);
    expect((await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: first.idToken })).status).toBe(200);

    // The first token shown again: refused, and the token that replaced it stops working too.
    const replayed = await refresh(session.refreshToken);
    expect((await envelopeOf(replayed)).response.error?.code).toBe('TOKEN_INVALID');
    expect((await envelopeOf(await refresh(first.refreshToken))).response.error?.code).toBe('TOKEN_INVALID');

    // Another sign-in's family is untouched.
    const other = identitySessionSchema.parse(
      await okAnswer(
        await testApp.current.call(IDENTITY_CALLS.signInWithCustomToken, {
          token: await createCustomToken({
            keys: testApp.current.deps.identityKeys,
            clock,
            identityAccountId: session.localId,
          }),
        }),
      ),
    );
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('refuses a refresh token after 90 days without use', async () => {
    const { session } = await signUp();
    testApp.current.clock.advance(90 * 86_400_000);
    const response = await testApp.current.call(IDENTITY_CALLS.token, {
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
    });
    expect((await envelopeOf(response)).response.error?.code).toBe('TOKEN_INVALID');
  });
});

describe('identity/signInWithCustomToken', () => {
  it('signs in with a custom token for five minutes, and never with an id token', async () => {
    const { clock, deps } = testApp.current;
    const { session } = await signUp();
    const token = await createCustomToken({
      keys: deps.identityKeys,
      clock,
      identityAccountId: session.localId,
    });
    const answer = identitySessionSchema.parse(
      await okAnswer(await testApp.current.call(IDENTITY_CALLS.signInWithCustomToken, { token })),
    );
    expect(answer.localId).toBe(session.localId);

    const withIdToken = await testApp.current.call(IDENTITY_CALLS.signInWithCustomToken, {
      token: session.idToken,
    });
    expect((await envelopeOf(withIdToken)).response.error?.code).toBe('TOKEN_INVALID');
    clock.advanceMinutes(6);
    const late = await testApp.current.call(IDENTITY_CALLS.signInWithCustomToken, { token });
    expect((await envelopeOf(late)).response.error?.code).toBe('TOKEN_INVALID');
  });
});

describe('identity/update', () => {
  it('VAL-04 changes the password when the current one is given, and other devices must sign in again', async () => {
    const { payload, session } = await signUp();
    const otherDevice = identitySessionSchema.parse(await okAnswer(await signIn(payload.email, PASSWORD)));
    const newPassword = 'Metro-Line-12?';
    const updated = identitySessionSchema.parse(
      await okAnswer(
        await testApp.current.call(IDENTITY_CALLS.update, {
          idToken: session.idToken,
          password: newPassword,
          currentPassword: PASSWORD,
        }),
      ),
    );
    expect(updated.localId).toBe(session.localId);
    expect((await signIn(payload.email, PASSWORD)).status).toBe(401);
    expect((await signIn(payload.email, newPassword)).status).toBe(200);
    const stale = await testApp.current.call(IDENTITY_CALLS.token, {
      grant_type: 'refresh_token',
      refresh_token: otherDevice.refreshToken,
    });
    expect((await envelopeOf(stale)).response.error?.code).toBe('TOKEN_INVALID');
    const spent = await testApp.current.call(IDENTITY_CALLS.token, {
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
    });
    expect((await envelopeOf(spent)).response.error?.code).toBe('TOKEN_INVALID');
    const fresh = await testApp.current.call(IDENTITY_CALLS.token, {
      grant_type: 'refresh_token',
      refresh_token: updated.refreshToken,
    });
    expect(fresh.status).toBe(200);
  });

  it('refuses a wrong current password with WRONG_PASSWORD, and a new password breaking the rules', async () => {
    const { session } = await signUp();
    const wrong = await testApp.current.call(IDENTITY_CALLS.update, {
      idToken: session.idToken,
      password: 'Metro-Line-12?',
      currentPassword: 'Not-It-At-All-1',
    });
    expect(wrong.status).toBe(403);
    expect((await envelopeOf(wrong)).response.error?.code).toBe('WRONG_PASSWORD');

    const weak = await testApp.current.call(IDENTITY_CALLS.update, {
      idToken: session.idToken,
      password: 'weakpassword',
      currentPassword: PASSWORD,
    });
    expect(weak.status).toBe(400);
    expect((await envelopeOf(weak)).response.error?.code).toBe('INVALID_REQUEST');

    const unproven = await testApp.current.call(IDENTITY_CALLS.update, {
      idToken: session.idToken,
      password: 'Metro-Line-12?',
    });
    expect((await envelopeOf(unproven)).response.error?.details?.issues).toEqual([
      { path: 'currentPassword', message: VALIDATION_MESSAGES.required },
    ]);
  });

  it('changes the email of the identity and of its account, which must be verified again', async () => {
    const { db } = testApp.current.deps;
    const { session } = await signUp();
    const [account] = await db
      .select()
      .from(identityAccounts)
      .where(eq(identityAccounts.id, session.localId));
    if (!account) throw new Error('no identity');
    await db
      .update(users)
      .set({ verifiedAt: testApp.current.clock.now() })
      .where(eq(users.id, account.userId));
    const answer = identitySessionSchema.parse(
      await okAnswer(
        await testApp.current.call(IDENTITY_CALLS.update, {
          idToken: session.idToken,
          email: 'new.address@example.org',
          currentPassword: PASSWORD,
        }),
      ),
    );
    expect(answer.email).toBe('new.address@example.org');
    const [user] = await db
      .select()
      .from(users)
      .innerJoin(identityAccounts, eq(identityAccounts.userId, users.id))
      .where(eq(identityAccounts.id, session.localId));
    expect(user?.users).toMatchObject({ email: 'new.address@example.org', verifiedAt: null });
    expect((await signIn('new.address@example.org', PASSWORD)).status).toBe(200);
  });

  it('AUTH-09 refuses an email that belongs to another identity, and the current email', async () => {
    const { payload: taken } = await signUp();
    const { payload, session } = await signUp();
    const inUse = await testApp.current.call(IDENTITY_CALLS.update, {
      idToken: session.idToken,
      email: taken.email.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect((await envelopeOf(inUse)).response.error?.code).toBe('EMAIL_IN_USE');
    const same = await testApp.current.call(IDENTITY_CALLS.update, {
      idToken: session.idToken,
      email: ` ${payload.email.toUpperCase()} `,
      currentPassword: PASSWORD,
    });
    expect((await envelopeOf(same)).response.error?.code).toBe('SAME_EMAIL');
  });

  it('lets a guest identity set its email and first password without a current one', async () => {
    const guest = identitySessionSchema.parse(
      await okAnswer(
        await testApp.current.call(IDENTITY_CALLS.signUp, { networkId: LUMIERE_ID, locale: 'fr' }),
      ),
    );
    const answer = identitySessionSchema.parse(
      await okAnswer(
        await testApp.current.call(IDENTITY_CALLS.update, {
          idToken: guest.idToken,
          email: 'guest.becomes.member@example.org',
          password: PASSWORD,
        }),
      ),
    );
    expect(answer.localId).toBe(guest.localId);
    const lookup = await okAnswer(
      await testApp.current.call(IDENTITY_CALLS.lookup, { idToken: answer.idToken }),
    );
    expect(lookup).toMatchObject({
      anonymous: false,
      hasPassword: true,
      email: 'guest.becomes.member@example.org',
    });
    expect((await signIn('guest.becomes.member@example.org', PASSWORD)).status).toBe(200);
  });
});
