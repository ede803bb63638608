// Account deletion (spec 01 §4, ACC-06, ACC-07): the traveller confirms, the request starts the 30-day
// withdrawal period, then the session ends and the success page says when the deletion becomes
// final. The request and the logout are named actors the app provides with `provide()`.
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** What Account/requestDeletion answers: when the request was made and when it becomes final. */
export type DeletionReceipt = {
  readonly deletionRequestedAt: string;
  readonly deletionEffectiveAt: string;
};

/**
 * The code the ticket backend answers when a tacit subscription not terminated blocks the deletion
 * (ACC-08).
 */
export const DELETION_BLOCKED_CODE = 'DELETION_BLOCKED_BY_SUBSCRIPTION';

export type AccountDeletionContext = {
  /** Whether the traveller ticked (or typed) the confirmation. */
  confirmed: boolean;
  receipt: DeletionReceipt | null;
  /** Why the last request failed, for the page to say. */
  error: unknown;
};

export type AccountDeletionEvent = { type: 'CONFIRMATION_CHANGED'; confirmed: boolean } | { type: 'SUBMIT' };

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as AccountDeletionEvent,
    output: {} as DeletionReceipt | null,
  },
  actors: {
    /** Account/requestDeletion: starts the withdrawal period and ends the session on the server. */
    requestDeletion: fromPromise<DeletionReceipt, void>(notProvided('requestDeletion')),
    /** The session's logout (AUTH-07): local storage, cookies, cart and tunnel cleared. */
    logout: fromPromise<void, void>(notProvided('logout')),
  },
  guards: {
    isConfirmed: ({ context }) => context.confirmed,
    isBlockedBySubscription: ({ event }) =>
      codeOf((event as { error?: unknown }).error) === DELETION_BLOCKED_CODE,
  },
}).createMachine({
  id: 'accountDeletion',
  context: { confirmed: false, receipt: null, error: null },
  initial: 'confirming',
  output: ({ context }) => context.receipt,
  states: {
    confirming: {
      on: {
        CONFIRMATION_CHANGED: { actions: assign({ confirmed: ({ event }) => event.confirmed }) },
        SUBMIT: { guard: 'isConfirmed', target: 'requesting', actions: assign({ error: null }) },
      },
    },
    requesting: {
      invoke: {
        src: 'requestDeletion',
        onDone: { target: 'loggingOut', actions: assign({ receipt: ({ event }) => event.output }) },
        onError: [
          // Blocked by a subscription: nothing to retry until the customer terminates it.
          {
            guard: 'isBlockedBySubscription',
            target: 'blocked',
            actions: assign({ error: ({ event }) => event.error }),
          },
          { target: 'confirming', actions: assign({ error: ({ event }) => event.error }) },
        ],
      },
    },
    /** The server refused the deletion for a tacit subscription not terminated. */
    blocked: { type: 'final' },
    loggingOut: {
      invoke: {
        src: 'logout',
        // The server has already ended the session: the request stands either way (ACC-06).
        onDone: 'deleted',
        onError: 'deleted',
      },
    },
    deleted: { type: 'final' },
  },
});

export type AccountDeletionMachine = typeof accountDeletionMachine;
export type AccountDeletionSnapshot = SnapshotFrom<AccountDeletionMachine>;

/** Whether the request or the logout after it is under way. */
export function isDeletionBusy(snapshot: AccountDeletionSnapshot): boolean {
  return snapshot.matches('requesting') || snapshot.matches('loggingOut');
}
