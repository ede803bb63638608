import type { ProviderReturn } from '@transit-shop/sdk/contract/provider-return';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { SignInForm } from '@transit-shop/sdk/validation/account-forms';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ProviderIdentity } from '../session/session.machine.ts';
import { isProviderSignInBusy, providerSignInMachine } from './provider-sign-in.machine.ts';

const back: ProviderReturn = { kind: 'code', code: 'code-1', state: 'state-1' };
const verified: ProviderIdentity = { authProviderToken: 'provider-token-0123456789', authProviderId: 3 };
const coded = (code: string) => new AppError(code as never);

type Fakes = {
  exchangeCode?: () => Promise<ProviderIdentity>;
  signInWithProvider?: () => Promise<void>;
  signInWithPassword?: (input: SignInForm) => Promise<void>;
  linkIdentity?: () => Promise<void>;
};

function start(returned: ProviderReturn, fakes: Fakes = {}) {
  const calls: { actor: string; input?: unknown }[] = [];
  const record =
    <I, O>(actor: string, run: (input: I) => Promise<O>) =>
    async ({ input }: { input: I }) => {
      calls.push({ actor, input });
      return run(input);
    };
  const machine = providerSignInMachine.provide({
    actors: {
      exchangeCode: fromPromise(record('exchangeCode', fakes.exchangeCode ?? (async () => verified))),
      signInWithProvider: fromPromise(
        record('signInWithProvider', fakes.signInWithProvider ?? (async () => {})),
      ),
      signInWithPassword: fromPromise(
        record('signInWithPassword', fakes.signInWithPassword ?? (async () => {})),
      ),
      linkIdentity: fromPromise(record('linkIdentity', fakes.linkIdentity ?? (async () => {}))),
    },
  });
  const actor = createActor(machine, { input: { returned } }).start();
  const settled = () => waitFor(actor, (snapshot) => !isProviderSignInBusy(snapshot));
  return { actor, calls, settled, value: () => actor.getSnapshot().value };
}

describe('provider sign-in machine', () => {
  it('exchanges the code, then the verified identity signs its account in', async () => {
    const { actor, calls, settled, value } = start(back);
    expect(value()).toBe('exchanging');
    await settled();
    expect(value()).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ linked: false });
    expect(calls).toEqual([
      { actor: 'exchangeCode', input: { code: 'code-1', state: 'state-1' } },
      { actor: 'signInWithProvider', input: verified },
    ]);
  });

  it('AUTH-09 IDP-04 an account with the email (ACCOUNT_OTHER_PROVIDER): its password signs in, then the identity is linked', async () => {
    const { actor, calls, settled, value } = start(back, {
      signInWithProvider: async () => Promise.reject(coded('ACCOUNT_OTHER_PROVIDER')),
    });
    await settled();
    expect(value()).toBe('passwordNeeded');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'ACCOUNT_OTHER_PROVIDER' });
    actor.send({ type: 'SUBMIT', email: 'lea@example.org', password: 'secret' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(value()).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ linked: true });
    expect(calls.slice(2)).toEqual([
      { actor: 'signInWithPassword', input: { email: 'lea@example.org', password: 'secret' } },
      { actor: 'linkIdentity', input: { authProviderToken: verified.authProviderToken } },
    ]);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('secret');
  });

  it('AUTH-09 an empty or malformed password form is not sent', async () => {
    const { actor, calls, settled, value } = start(back, {
      signInWithProvider: async () => Promise.reject(coded('ACCOUNT_OTHER_PROVIDER')),
    });
    await settled();
    actor.send({ type: 'SUBMIT', email: 'lea@', password: 'secret' });
    actor.send({ type: 'SUBMIT', email: 'lea@example.org', password: '' });
    expect(value()).toBe('passwordNeeded');
    expect(calls.map((call) => call.actor)).toEqual(['exchangeCode', 'signInWithProvider']);
  });

  it('AUTH-01 a wrong password comes back to the form with the refusal and the email typed', async () => {
    let refuse = true;
    const { actor, settled, value } = start(back, {
      signInWithProvider: async () => Promise.reject(coded('ACCOUNT_OTHER_PROVIDER')),
      signInWithPassword: async () => (refuse ? Promise.reject(coded('INVALID_CREDENTIALS')) : undefined),
    });
    await settled();
    actor.send({ type: 'SUBMIT', email: 'lea@example.org', password: 'wrong' });
    await settled();
    expect(value()).toBe('passwordNeeded');
    expect(actor.getSnapshot().context).toMatchObject({
      error: { code: 'INVALID_CREDENTIALS' },
      email: 'lea@example.org',
    });
    refuse = false;
    actor.send({ type: 'SUBMIT', email: 'lea@example.org', password: 'right' });
    await settled();
    expect(value()).toBe('done');
  });

  it('IDP-04 a link refused (IDENTITY_ALREADY_LINKED) is said, signed in all the same; RETRY tries again', async () => {
    let refuse = true;
    const { actor, calls, settled, value } = start(back, {
      signInWithProvider: async () => Promise.reject(coded('ACCOUNT_OTHER_PROVIDER')),
      linkIdentity: async () => (refuse ? Promise.reject(coded('IDENTITY_ALREADY_LINKED')) : undefined),
    });
    await settled();
    actor.send({ type: 'SUBMIT', email: 'lea@example.org', password: 'secret' });
    await settled();
    expect(value()).toBe('linkFailed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'IDENTITY_ALREADY_LINKED' });
    refuse = false;
    actor.send({ type: 'RETRY' });
    await settled();
    expect(value()).toBe('done');
    expect(calls.filter((call) => call.actor === 'linkIdentity')).toHaveLength(2);
  });

  it('IDP-04 the rider refusing at the provider ends the attempt without a call', () => {
    const { actor, calls, value } = start({ kind: 'error', error: 'access_denied' });
    expect(value()).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'IDENTITY_PROVIDER_DENIED' });
    expect(calls).toEqual([]);
  });

  it('IDP-04 an address without a code nor a refusal has nothing to finish: the sign-in is said expired', () => {
    const { actor, value } = start({ kind: 'none' });
    expect(value()).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'AUTHORIZATION_STATE_INVALID' });
  });

  it.each(['AUTHORIZATION_STATE_INVALID', 'IDENTITY_TOKEN_INVALID', 'IDENTITY_PROVIDER_UNAVAILABLE'])(
    'IDP-04 an exchange refused with %s ends the attempt with it',
    async (code) => {
      const { actor, calls, settled, value } = start(back, {
        exchangeCode: async () => Promise.reject(coded(code)),
      });
      await settled();
      expect(value()).toBe('failed');
      expect(actor.getSnapshot().context.error).toMatchObject({ code });
      expect(calls.map((call) => call.actor)).toEqual(['exchangeCode']);
    },
  );

  it('IDP-04 a sign-in refused otherwise (an identity already used, the service down) ends the attempt with it', async () => {
    const { actor, settled, value } = start(back, {
      signInWithProvider: async () => Promise.reject(coded('SERVICE_UNAVAILABLE')),
    });
    await settled();
    expect(value()).toBe('failed');
    expect(actor.getSnapshot().context.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
