// Unlinking the account's FranceConnect identity (IDP-03, IDP-04; decision 0044): the rider signs in
// again at the provider as that identity, creates the account's own email and password unless it
// has one, then the identity is unlinked with the fresh sign-in's token. The sign-in leaves the page
// and comes back to it, so the input says where the flow starts: before leaving, or back from the
// provider with a code or a refusal.
//
// States:
//   explaining              CONFIRM
//   redirecting             startReauthentication (the browser goes to the provider)
//   leavingForProvider      the browser is on its way there
//   exchanging              exchangeCode (back with a code)
//   credentials             SUBMIT { email, password, passwordConfirmation }, with the last refusal
//   savingCredentials       setCredentials
//   unlinking               unlink
//   reauthenticationFailed  RESTART (the provider refused or the sign-in failed or expired)
//   unlinkFailed            RETRY (unless the sign-in itself is no good), RESTART
//   done                    final, output: the account's identities after it
//
// The app provides the actors with `identityUnlinkMachine.provide({ actors: { ... } })`:
//   startReauthentication({ providerId }), exchangeCode({ code, state }) -> the identity's token,
//   setCredentials({ email, password }), unlink({ providerId, authProviderToken }) -> identities.
import type { LinkedIdentityDetails } from '@transit-shop/sdk/contract/authentication';
import { type ProviderReturn, providerReturnError } from '@transit-shop/sdk/contract/provider-return';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import {
  type OwnCredentialsForm,
  ownCredentialsFormSchema,
} from '@transit-shop/sdk/validation/account-forms';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

export type IdentityUnlinkInput = {
  /** The network's FranceConnect provider the account's identity is at. */
  readonly providerId: number;
  /** What the provider put in the page's address: nothing on a first visit. */
  readonly returned: ProviderReturn;
  /** The account already has its own password: nothing to create (IDP-03). */
  readonly hasPassword: boolean;
  /** The account's email, offered in the credentials form. */
  readonly email?: string;
};

/** What exchangeAuthorizationCode answers that the flow needs: the fresh sign-in's token and its provider. */
export type ExchangedIdentity = { readonly authProviderToken: string; readonly authProviderId: number };
export type OwnCredentials = { readonly email: string; readonly password: string };
export type UnlinkInput = { readonly providerId: number; readonly authProviderToken: string };
export type UnlinkAnswer = { readonly identities: readonly LinkedIdentityDetails[] };

export type IdentityUnlinkContext = {
  providerId: number;
  returned: ProviderReturn;
  hasPassword: boolean;
  /** The email of the form: the account's, then the last one sent. */
  email: string;
  authProviderToken: string | null;
  /** Why the last step failed, for the page to say. */
  error: unknown;
  identities: readonly LinkedIdentityDetails[] | null;
};

export type IdentityUnlinkEvent =
  | { type: 'CONFIRM' }
  | ({ type: 'SUBMIT' } & OwnCredentialsForm)
  | { type: 'RETRY' }
  | { type: 'RESTART' };

/**
 * Refusals that say the fresh sign-in is no good for this identity (another person at the provider,
 * an expired or spent sign-in, an identity no longer linked): trying again with it cannot help.
 */
export const REAUTHENTICATION_REFUSALS: readonly string[] = [
  'IDENTITY_MISMATCH',
  'IDENTITY_TOKEN_INVALID',
  'AUTHORIZATION_STATE_INVALID',
  'IDENTITY_NOT_LINKED',
];

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

const errorOf = (event: unknown) => (event as { error?: unknown }).error;

export const identityUnlinkMachine = setup({
  types: {
    context: {} as IdentityUnlinkContext,
    events: {} as IdentityUnlinkEvent,
    input: {} as IdentityUnlinkInput,
    output: {} as readonly LinkedIdentityDetails[] | null,
  },
  actors: {
    /** authentication/authorizationState for the unlink return page, then the browser goes to the provider. */
    startReauthentication: fromPromise<void, { providerId: number }>(notProvided('startReauthentication')),
    /** authentication/exchangeAuthorizationCode: the verified identity's single-use token. */
    exchangeCode: fromPromise<ExchangedIdentity, { code: string; state: string }>(
      notProvided('exchangeCode'),
    ),
    /** identity/update: the account's own email and first password. */
    setCredentials: fromPromise<void, OwnCredentials>(notProvided('setCredentials')),
    /** account/deleteIdentity with the fresh sign-in's token. */
    unlink: fromPromise<UnlinkAnswer, UnlinkInput>(notProvided('unlink')),
  },
  guards: {
    isCodeReturn: ({ context }) => context.returned.kind === 'code',
    isRefusalReturn: ({ context }) => context.returned.kind === 'error',
    /** The provider signed in an identity of another provider than the one being unlinked. */
    isOtherProvider: ({ context, event }) =>
      (event as { output?: ExchangedIdentity }).output?.authProviderId !== context.providerId,
    hasPassword: ({ context }) => context.hasPassword,
    isValidCredentials: ({ event }) =>
      event.type === 'SUBMIT' && ownCredentialsFormSchema.safeParse(event).success,
    /** The server found no password after all: the account creates one first (IDP-03). */
    isPasswordRequired: ({ event }) => codeOf(errorOf(event)) === 'IDENTITY_PASSWORD_REQUIRED',
    canRetryUnlink: ({ context }) => !REAUTHENTICATION_REFUSALS.includes(codeOf(context.error) ?? ''),
  },
  actions: {
    keepError: assign({ error: ({ event }) => errorOf(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'identityUnlink',
  context: ({ input }) => ({
    providerId: input.providerId,
    returned: input.returned,
    hasPassword: input.hasPassword,
    email: input.email ?? '',
    authProviderToken: null,
    error: null,
    identities: null,
  }),
  initial: 'starting',
  output: ({ context }) => context.identities,
  states: {
    starting: {
      always: [
        { guard: 'isCodeReturn', target: 'exchanging' },
        {
          guard: 'isRefusalReturn',
          target: 'reauthenticationFailed',
          actions: assign({
            error: ({ context }) =>
              context.returned.kind === 'error' ? providerReturnError(context.returned.error) : null,
          }),
        },
        { target: 'explaining' },
      ],
    },
    /** What will happen: a sign-in at the provider, the account's own credentials, the unlink. */
    explaining: {
      on: { CONFIRM: 'redirecting' },
    },
    redirecting: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'startReauthentication',
        input: ({ context }) => ({ providerId: context.providerId }),
        onDone: 'leavingForProvider',
        onError: { target: 'reauthenticationFailed', actions: 'keepError' },
      },
    },
    /** The browser is on its way to the provider: the page says so until it has left. */
    leavingForProvider: { tags: ['busy'] },
    exchanging: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeCode',
        input: ({ context }) =>
          context.returned.kind === 'code'
            ? { code: context.returned.code, state: context.returned.state }
            : { code: '', state: '' },
        onDone: [
          {
            guard: 'isOtherProvider',
            target: 'reauthenticationFailed',
            actions: assign({ error: () => new AppError('IDENTITY_MISMATCH') }),
          },
          {
            guard: 'hasPassword',
            target: 'unlinking',
            actions: assign({ authProviderToken: ({ event }) => event.output.authProviderToken }),
          },
          {
            target: 'credentials',
            actions: assign({ authProviderToken: ({ event }) => event.output.authProviderToken }),
          },
        ],
        onError: { target: 'reauthenticationFailed', actions: 'keepError' },
      },
    },
    /** The account's own email and password (IDP-03), with the last refusal (EMAIL_IN_USE...). */
    credentials: {
      on: {
        SUBMIT: {
          guard: 'isValidCredentials',
          target: 'savingCredentials',
          actions: [assign({ email: ({ event }) => event.email }), 'clearError'],
        },
      },
    },
    savingCredentials: {
      tags: ['busy'],
      invoke: {
        src: 'setCredentials',
        // The password goes from the event to the call, never into the context.
        input: ({ event }) =>
          event.type === 'SUBMIT'
            ? { email: event.email, password: event.password }
            : { email: '', password: '' },
        onDone: { target: 'unlinking', actions: assign({ hasPassword: true }) },
        onError: { target: 'credentials', actions: 'keepError' },
      },
    },
    unlinking: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'unlink',
        input: ({ context }) => ({
          providerId: context.providerId,
          authProviderToken: context.authProviderToken ?? '',
        }),
        onDone: { target: 'done', actions: assign({ identities: ({ event }) => event.output.identities }) },
        onError: [
          {
            guard: 'isPasswordRequired',
            target: 'credentials',
            actions: ['keepError', assign({ hasPassword: false })],
          },
          { target: 'unlinkFailed', actions: 'keepError' },
        ],
      },
    },
    /** The provider refused, the sign-in failed or expired, or it was someone else's: sign in again. */
    reauthenticationFailed: {
      on: { RESTART: 'redirecting' },
    },
    unlinkFailed: {
      on: {
        RETRY: { guard: 'canRetryUnlink', target: 'unlinking' },
        RESTART: 'redirecting',
      },
    },
    done: { type: 'final' },
  },
});

export type IdentityUnlinkMachine = typeof identityUnlinkMachine;
export type IdentityUnlinkSnapshot = SnapshotFrom<IdentityUnlinkMachine>;

/** Whether a call is under way or the browser is leaving for the provider. */
export function isUnlinkBusy(snapshot: IdentityUnlinkSnapshot): boolean {
  return snapshot.hasTag('busy');
}
