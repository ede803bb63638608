// Back from a network's OpenID provider on a sign-in page (/auth/custom, /auth/fc/finalize; decision
// 0044, IDP-04, AUTH-09): the code is exchanged for the verified identity, which signs its account
// in. When an account already has the identity's email (ACCOUNT_OTHER_PROVIDER), the rider signs in
// to it with its password and the identity is linked to it, never on the email alone.
//
// States:
//   exchanging          exchangeCode (the provider sent a code back)
//   signingIn           signInWithProvider
//   passwordNeeded      SUBMIT { email, password }, with the last refusal
//   signingInToLink     signInWithPassword (the session asks a profile choice there when the login does)
//   linking             linkIdentity
//   linkFailed          RETRY; signed in already, the identity not linked
//   failed              final: the provider refused, or the exchange or the sign-in failed (error kept)
//   done                final, output { linked }: signed in (and the identity linked when it was asked)
//
// The app provides the actors with `providerSignInMachine.provide({ actors: { ... } })`:
//   exchangeCode({ code, state }) -> the identity's token, signInWithProvider(identity) and
//   signInWithPassword({ email, password }) through the session, linkIdentity({ authProviderToken }).
import type { ProviderReturn } from '@transit-shop/sdk/contract/provider-return';
import { providerReturnError } from '@transit-shop/sdk/contract/provider-return';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { type SignInForm, signInFormSchema } from '@transit-shop/sdk/validation/account-forms';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { ProviderIdentity } from '../session/session.machine.ts';

export type ProviderSignInInput = { readonly returned: ProviderReturn };

export type ProviderSignInContext = {
  returned: ProviderReturn;
  identity: ProviderIdentity | null;
  /** Why the last step failed, for the page to say. */
  error: unknown;
  /** The email of the password form, kept after a refusal. */
  email: string;
  linked: boolean;
};

export type ProviderSignInEvent = ({ type: 'SUBMIT' } & SignInForm) | { type: 'RETRY' };

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const providerSignInMachine = setup({
  types: {
    context: {} as ProviderSignInContext,
    events: {} as ProviderSignInEvent,
    input: {} as ProviderSignInInput,
    output: {} as { linked: boolean },
  },
  actors: {
    /** authentication/exchangeAuthorizationCode. */
    exchangeCode: fromPromise<ProviderIdentity, { code: string; state: string }>(notProvided('exchangeCode')),
    /** The session's SIGN_IN_WITH_PROVIDER; rejects with the session's error. */
    signInWithProvider: fromPromise<void, ProviderIdentity>(notProvided('signInWithProvider')),
    /** The session's SIGN_IN (and its profile choice); rejects with the session's error. */
    signInWithPassword: fromPromise<void, SignInForm>(notProvided('signInWithPassword')),
    /** account/createIdentity: the identity linked to the account just signed in to. */
    linkIdentity: fromPromise<void, { authProviderToken: string }>(notProvided('linkIdentity')),
  },
  guards: {
    isCodeReturn: ({ context }) => context.returned.kind === 'code',
    isRefusalReturn: ({ context }) => context.returned.kind === 'error',
    isAccountOtherProvider: ({ event }) => codeOf(errorOf(event)) === 'ACCOUNT_OTHER_PROVIDER',
    isValidSignIn: ({ event }) => event.type === 'SUBMIT' && signInFormSchema.safeParse(event).success,
  },
  actions: {
    keepError: assign({ error: ({ event }) => errorOf(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'providerSignIn',
  context: ({ input }) => ({
    returned: input.returned,
    identity: null,
    error: null,
    email: '',
    linked: false,
  }),
  initial: 'starting',
  output: ({ context }) => ({ linked: context.linked }),
  states: {
    starting: {
      always: [
        { guard: 'isCodeReturn', target: 'exchanging' },
        {
          guard: 'isRefusalReturn',
          target: 'failed',
          actions: assign({
            error: ({ context }) =>
              context.returned.kind === 'error' ? providerReturnError(context.returned.error) : null,
          }),
        },
        // Neither a code nor a refusal: an address opened again, or by hand. Nothing to finish.
        { target: 'failed', actions: assign({ error: () => new AppError('AUTHORIZATION_STATE_INVALID') }) },
      ],
    },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeCode',
        input: ({ context }) =>
          context.returned.kind === 'code'
            ? { code: context.returned.code, state: context.returned.state }
            : { code: '', state: '' },
        onDone: { target: 'signingIn', actions: assign({ identity: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        src: 'signInWithProvider',
        input: ({ context }) => context.identity ?? { authProviderToken: '', authProviderId: 0 },
        onDone: 'done',
        onError: [
          { guard: 'isAccountOtherProvider', target: 'passwordNeeded', actions: 'keepError' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    /** AUTH-09: an account already has this email; its password signs in to it, then the identity is linked. */
    passwordNeeded: {
      on: {
        SUBMIT: {
          guard: 'isValidSignIn',
          target: 'signingInToLink',
          actions: [assign({ email: ({ event }) => event.email }), 'clearError'],
        },
      },
    },
    signingInToLink: {
      tags: ['busy'],
      invoke: {
        src: 'signInWithPassword',
        // The password goes from the event to the call, never into the context.
        input: ({ event }) =>
          event.type === 'SUBMIT'
            ? { email: event.email, password: event.password }
            : { email: '', password: '' },
        onDone: 'linking',
        onError: { target: 'passwordNeeded', actions: 'keepError' },
      },
    },
    linking: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'linkIdentity',
        input: ({ context }) => ({ authProviderToken: context.identity?.authProviderToken ?? '' }),
        onDone: { target: 'done', actions: assign({ linked: true }) },
        onError: { target: 'linkFailed', actions: 'keepError' },
      },
    },
    /** Signed in with the password; the link failed: try again, or go on without it. */
    linkFailed: {
      on: { RETRY: 'linking' },
    },
    failed: { type: 'final' },
    done: { type: 'final' },
  },
});

export type ProviderSignInMachine = typeof providerSignInMachine;
export type ProviderSignInSnapshot = SnapshotFrom<ProviderSignInMachine>;

/** Whether a call is under way. */
export function isProviderSignInBusy(snapshot: ProviderSignInSnapshot): boolean {
  return snapshot.hasTag('busy');
}
