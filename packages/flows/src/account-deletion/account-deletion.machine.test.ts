import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  accountDeletionMachine,
  DELETION_BLOCKED_CODE,
  type DeletionReceipt,
  isDeletionBusy,
} from './account-deletion.machine.ts';

const receipt: DeletionReceipt = {
  deletionRequestedAt: '2026-12-01T10:00:00.000Z',
  deletionEffectiveAt: '2026-12-31T10:00:00.000Z',
};

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The machine with actors that record each call, as the app provides them with real calls. */
function start(options: { request?: () => Promise<DeletionReceipt>; logout?: () => Promise<void> } = {}) {
  const calls: string[] = [];
  const machine = accountDeletionMachine.provide({
    actors: {
      requestDeletion: fromPromise(async () => {
        calls.push('requestDeletion');
        return (options.request ?? (async () => receipt))();
      }),
      logout: fromPromise(async () => {
        calls.push('logout');
        return (options.logout ?? (async () => {}))();
      }),
    },
  });
  const actor = createActor(machine);
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => !isDeletionBusy(snapshot));
  return { actor, calls, settled };
}

describe('account deletion machine', () => {
  it('ACC-06 asks for the confirmation before anything is sent', () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: true });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: false });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
  });

  it('ACC-06 a confirmed request starts the withdrawal period, then logs out, and ends with its dates', async () => {
    const { actor, calls, settled } = start();
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('requesting');
    await settled();
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(receipt);
    expect(calls).toEqual(['requestDeletion', 'logout']);
  });

  it('ACC-06 the logout comes only after the request succeeded', async () => {
    let answer: (value: DeletionReceipt) => void = () => {};
    const { actor, calls, settled } = start({ request: () => new Promise((resolve) => (answer = resolve)) });
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: true });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, () => calls.length === 1);
    expect(calls).toEqual(['requestDeletion']);
    answer(receipt);
    await settled();
    expect(calls).toEqual(['requestDeletion', 'logout']);
  });

  it('ACC-06 a logout that fails still ends on the success page: the server ended the session', async () => {
    const { actor, settled } = start({ logout: async () => Promise.reject(new Error('offline')) });
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: true });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('deleted');
  });

  it('a DELETION_BLOCKED_BY_SUBSCRIPTION answer ends the request: no logout, the error kept for the page', async () => {
    const blocked = new CodedError(DELETION_BLOCKED_CODE);
    const { actor, calls, settled } = start({ request: async () => Promise.reject(blocked) });
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: true });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('blocked');
    expect(actor.getSnapshot().context.error).toBe(blocked);
    expect(actor.getSnapshot().output).toBeNull();
    expect(calls).toEqual(['requestDeletion']);
  });

  it('another failure goes back to the confirmation with the error, and a new attempt clears it', async () => {
    const failure = new CodedError('ERR_RESPONSE_ERROR');
    let fail = true;
    const { actor, calls, settled } = start({
      request: async () => (fail ? Promise.reject(failure) : receipt),
    });
    actor.send({ type: 'CONFIRMATION_CHANGED', confirmed: true });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBe(failure);
    expect(actor.getSnapshot().context.confirmed).toBe(true);
    fail = false;
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('deleted');
    expect(calls).toEqual(['requestDeletion', 'requestDeletion', 'logout']);
  });
});
