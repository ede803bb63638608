import type { ProviderReturn } from '@transit-shop/sdk/contract/provider-return';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type ExchangedIdentity,
  type IdentityUnlinkInput,
  identityUnlinkMachine,
  isUnlinkBusy,
  type OwnCredentials,
  type UnlinkAnswer,
  type UnlinkInput,
} from './identity-unlink.machine.ts';

const FRANCE_CONNECT = 3;
const TOKEN = 'provider-token-0123456789';
const back: ProviderReturn = { kind: 'code', code: 'code-1', state: 'state-1' };
const credentials = {
  email: 'lea@example.org',
  password: 'Abcdefghij1!',
  passwordConfirmation: 'Abcdefghij1!',
};
const afterUnlink: UnlinkAnswer = { identities: [] };

type Fakes = {
  startReauthentication?: () => Promise<void>;
  exchangeCode?: (input: { code: string; state: string }) => Promise<ExchangedIdentity>;
  setCredentials?: (input: OwnCredentials) => Promise<void>;
  unlink?: (input: UnlinkInput) => Promise<UnlinkAnswer>;
};

/** The machine with fake actors at the call boundary, each recording what it was given. */
function start(input: Partial<IdentityUnlinkInput> = {}, fakes: Fakes = {}) {
  const calls: { actor: string; input?: unknown }[] = [];
  const machine = identityUnlinkMachine.provide({
    actors: {
      startReauthentication: fromPromise(async ({ input }) => {
        calls.push({ actor: 'startReauthentication', input });
        return (fakes.startReauthentication ?? (async () => {}))();
      }),
      exchangeCode: fromPromise(async ({ input }) => {
        calls.push({ actor: 'exchangeCode', input });
        return (
          fakes.exchangeCode ?? (async () => ({ authProviderToken: TOKEN, authProviderId: FRANCE_CONNECT }))
        )(input);
      }),
      setCredentials: fromPromise(async ({ input }) => {
        calls.push({ actor: 'setCredentials', input });
        return (fakes.setCredentials ?? (async () => {}))(input);
      }),
      unlink: fromPromise(async ({ input }) => {
        calls.push({ actor: 'unlink', input });
        return (fakes.unlink ?? (async () => afterUnlink))(input);
      }),
    },
  });
  const actor = createActor(machine, {
    input: { providerId: FRANCE_CONNECT, returned: { kind: 'none' }, hasPassword: false, ...input },
  });
  actor.start();
  const settled = () =>
    waitFor(actor, (snapshot) => !isUnlinkBusy(snapshot) || snapshot.matches('leavingForProvider'));
  const value = () => actor.getSnapshot().value;
  return { actor, calls, settled, value };
}

const coded = (code: string) => new AppError(code as never);

describe('identity unlink machine', () => {
  it('IDP-03 a first visit explains what will happen, and nothing is called before CONFIRM', () => {
    const { actor, calls, value } = start({ email: 'lea@example.org' });
    expect(value()).toBe('explaining');
    expect(actor.getSnapshot().context).toMatchObject({ email: 'lea@example.org', error: null });
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('IDP-03 CONFIRM starts a sign-in at the provider of the identity, and the page waits while the browser leaves', async () => {
    const { actor, calls, settled, value } = start();
    actor.send({ type: 'CONFIRM' });
    expect(value()).toBe('redirecting');
    expect(isUnlinkBusy(actor.getSnapshot())).toBe(true);
    await settled();
    expect(value()).toBe('leavingForProvider');
    expect(isUnlinkBusy(actor.getSnapshot())).toBe(true);
    expect(calls).toEqual([{ actor: 'startReauthentication', input: { providerId: FRANCE_CONNECT } }]);
  });

  it('IDP-04 a provider that cannot be reached to start the sign-in fails the re-authentication; RESTART tries again', async () => {
    let fail = true;
    const unavailable = coded('IDENTITY_PROVIDER_UNAVAILABLE');
    const { actor, settled, value } = start(
      {},
      { startReauthentication: async () => (fail ? Promise.reject(unavailable) : undefined) },
    );
    actor.send({ type: 'CONFIRM' });
    await settled();
    expect(value()).toBe('reauthenticationFailed');
    expect(actor.getSnapshot().context.error).toBe(unavailable);
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    fail = false;
    actor.send({ type: 'RESTART' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(value()).toBe('leavingForProvider');
  });

  it('IDP-03 back with a code: the code is exchanged, then the account creates its email and password, then the identity is unlinked', async () => {
    const { actor, calls, settled, value } = start({ returned: back, email: 'lea@example.org' });
    expect(value()).toBe('exchanging');
    await settled();
    expect(value()).toBe('credentials');
    expect(actor.getSnapshot().context).toMatchObject({ authProviderToken: TOKEN, email: 'lea@example.org' });
    actor.send({ type: 'SUBMIT', ...credentials, email: 'lea.martin@example.org' });
    expect(value()).toBe('savingCredentials');
    await settled();
    expect(value()).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual([]);
    expect(calls).toEqual([
      { actor: 'exchangeCode', input: { code: 'code-1', state: 'state-1' } },
      { actor: 'setCredentials', input: { email: 'lea.martin@example.org', password: 'Abcdefghij1!' } },
      { actor: 'unlink', input: { providerId: FRANCE_CONNECT, authProviderToken: TOKEN } },
    ]);
    // The password went to the call only.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('Abcdefghij1!');
  });

  it('IDP-03 an account that already has its password goes from the exchange straight to the unlink', async () => {
    const { actor, calls, settled, value } = start({ returned: back, hasPassword: true });
    await settled();
    expect(value()).toBe('done');
    expect(calls.map((call) => call.actor)).toEqual(['exchangeCode', 'unlink']);
    expect(actor.getSnapshot().output).toEqual([]);
  });

  it('IDP-03 credentials against the rules (weak password, unconfirmed, bad email) are not sent', async () => {
    const { actor, calls, settled, value } = start({ returned: back });
    await settled();
    for (const wrong of [
      { ...credentials, password: 'short', passwordConfirmation: 'short' },
      { ...credentials, passwordConfirmation: 'Abcdefghij1?' },
      { ...credentials, email: 'lea@' },
    ]) {
      expect(actor.getSnapshot().can({ type: 'SUBMIT', ...wrong })).toBe(false);
      actor.send({ type: 'SUBMIT', ...wrong });
      expect(value()).toBe('credentials');
    }
    expect(calls.map((call) => call.actor)).toEqual(['exchangeCode']);
  });

  it.each(['EMAIL_IN_USE', 'PASSWORD_TOO_WEAK'])(
    'IDP-04 a refused email or password (%s) comes back to the form with the refusal, and a new submit clears it',
    async (code) => {
      const refusal = coded(code);
      let refuse = true;
      const { actor, calls, settled, value } = start(
        { returned: back },
        { setCredentials: async () => (refuse ? Promise.reject(refusal) : undefined) },
      );
      await settled();
      actor.send({ type: 'SUBMIT', ...credentials });
      await settled();
      expect(value()).toBe('credentials');
      expect(actor.getSnapshot().context).toMatchObject({ error: refusal, email: credentials.email });
      refuse = false;
      actor.send({ type: 'SUBMIT', ...credentials });
      expect(actor.getSnapshot().context.error).toBeNull();
      await settled();
      expect(value()).toBe('done');
      expect(calls.map((call) => call.actor)).toEqual([
        'exchangeCode',
        'setCredentials',
        'setCredentials',
        'unlink',
      ]);
    },
  );

  it('IDP-04 the rider cancelling at the provider (access_denied) fails the re-authentication without a call; RESTART goes back', async () => {
    const { actor, calls, settled, value } = start({ returned: { kind: 'error', error: 'access_denied' } });
    expect(value()).toBe('reauthenticationFailed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'IDENTITY_PROVIDER_DENIED' });
    expect(calls).toEqual([]);
    actor.send({ type: 'RESTART' });
    await settled();
    expect(value()).toBe('leavingForProvider');
    expect(calls.map((call) => call.actor)).toEqual(['startReauthentication']);
  });

  it('IDP-04 another refusal of the provider says it is unavailable', () => {
    const { actor, value } = start({ returned: { kind: 'error', error: 'temporarily_unavailable' } });
    expect(value()).toBe('reauthenticationFailed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'IDENTITY_PROVIDER_UNAVAILABLE' });
  });

  it.each(['AUTHORIZATION_STATE_INVALID', 'IDENTITY_TOKEN_INVALID', 'IDENTITY_PROVIDER_UNAVAILABLE'])(
    'IDP-04 an exchange refused with %s fails the re-authentication with that error',
    async (code) => {
      const refusal = coded(code);
      const { actor, calls, settled, value } = start(
        { returned: back },
        { exchangeCode: async () => Promise.reject(refusal) },
      );
      await settled();
      expect(value()).toBe('reauthenticationFailed');
      expect(actor.getSnapshot().context.error).toBe(refusal);
      expect(calls.map((call) => call.actor)).toEqual(['exchangeCode']);
    },
  );

  it('IDP-04 a sign-in at another provider than the identity’s is refused before any credentials', async () => {
    const { actor, calls, settled, value } = start(
      { returned: back },
      { exchangeCode: async () => ({ authProviderToken: TOKEN, authProviderId: 99 }) },
    );
    await settled();
    expect(value()).toBe('reauthenticationFailed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'IDENTITY_MISMATCH' });
    expect(calls.map((call) => call.actor)).toEqual(['exchangeCode']);
  });

  it('IDP-04 IDENTITY_MISMATCH (signed in at the provider as someone else): no RETRY with that sign-in, RESTART signs in again', async () => {
    const mismatch = coded('IDENTITY_MISMATCH');
    const { actor, calls, settled, value } = start(
      { returned: back, hasPassword: true },
      { unlink: async () => Promise.reject(mismatch) },
    );
    await settled();
    expect(value()).toBe('unlinkFailed');
    expect(actor.getSnapshot().context.error).toBe(mismatch);
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(false);
    actor.send({ type: 'RETRY' });
    expect(value()).toBe('unlinkFailed');
    actor.send({ type: 'RESTART' });
    await settled();
    expect(value()).toBe('leavingForProvider');
    expect(calls.map((call) => call.actor)).toEqual(['exchangeCode', 'unlink', 'startReauthentication']);
  });

  it('IDP-04 an unlink that failed for the network (unreachable, 503) is retried with the same sign-in', async () => {
    const unavailable = coded('SERVICE_UNAVAILABLE');
    let fail = true;
    const { actor, calls, settled, value } = start(
      { returned: back, hasPassword: true },
      { unlink: async () => (fail ? Promise.reject(unavailable) : afterUnlink) },
    );
    await settled();
    expect(value()).toBe('unlinkFailed');
    expect(actor.getSnapshot().can({ type: 'RETRY' })).toBe(true);
    fail = false;
    actor.send({ type: 'RETRY' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(value()).toBe('done');
    expect(calls.filter((call) => call.actor === 'unlink').map((call) => call.input)).toEqual([
      { providerId: FRANCE_CONNECT, authProviderToken: TOKEN },
      { providerId: FRANCE_CONNECT, authProviderToken: TOKEN },
    ]);
  });

  it('IDP-03 an account the server finds without a password (IDENTITY_PASSWORD_REQUIRED) creates one, then the unlink goes on', async () => {
    const required = coded('IDENTITY_PASSWORD_REQUIRED');
    let unlinks = 0;
    const { actor, calls, settled, value } = start(
      { returned: back, hasPassword: true },
      {
        unlink: async () => {
          unlinks += 1;
          return unlinks === 1 ? Promise.reject(required) : afterUnlink;
        },
      },
    );
    await settled();
    expect(value()).toBe('credentials');
    expect(actor.getSnapshot().context).toMatchObject({ error: required, hasPassword: false });
    actor.send({ type: 'SUBMIT', ...credentials });
    await settled();
    expect(value()).toBe('done');
    expect(calls.map((call) => call.actor)).toEqual(['exchangeCode', 'unlink', 'setCredentials', 'unlink']);
  });
});
