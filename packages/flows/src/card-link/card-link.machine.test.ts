import type { Medium } from '@transit-shop/sdk/contract/media';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  CARD_LINK_REFUSALS,
  type CardLinkRefusal,
  cardLinkMachine,
  cardLinkRefusalOf,
  REFUSAL_STATES,
  type RegisterMediaAnswer,
  type RegisterMediaInput,
} from './card-link.machine.ts';

const medium: Medium = {
  id: 41,
  network_id: 7,
  provider_id: 'harbour-cards',
  number: '1234567890123456',
  expires_at: '2030-12-31',
  created_at: '2026-11-28T00:00:00.000Z',
  state: 'ACTIVE',
  status: 'ACTIVE',
  incident: null,
  profileId: null,
  contracts: [],
};
const answer: RegisterMediaAnswer = { media: medium, medias: [medium] };

class CodedError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The machine with a registerMedia actor that records what it is sent. */
function start(options: { hideBirthDate?: boolean; register?: () => Promise<RegisterMediaAnswer> } = {}) {
  const sent: RegisterMediaInput[] = [];
  const machine = cardLinkMachine.provide({
    actors: {
      registerMedia: fromPromise(async ({ input }: { input: RegisterMediaInput }) => {
        sent.push(input);
        return (options.register ?? (async () => answer))();
      }),
    },
  });
  const actor = createActor(machine, { input: { hideBirthDate: options.hideBirthDate ?? false } });
  actor.start();
  const settled = () => waitFor(actor, (snapshot) => !snapshot.matches('submitting'));
  return { actor, sent, settled };
}

function fill(actor: ReturnType<typeof start>['actor'], number: string, birthDate?: string) {
  actor.send({ type: 'NUMBER_CHANGED', value: number });
  if (birthDate !== undefined) actor.send({ type: 'BIRTH_DATE_CHANGED', value: birthDate });
}

describe('card link machine', () => {
  it('MEDIA-04 the card number and the birth date are both required before anything is sent', () => {
    const { actor, sent } = start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      number: { key: VALIDATION_MESSAGES.required },
      birthDate: { key: VALIDATION_MESSAGES.required },
    });
    fill(actor, '1234 5678 9012 3456');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      birthDate: { key: VALIDATION_MESSAGES.required },
    });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().matches('submitting')).toBe(false);
    expect(sent).toEqual([]);
  });

  it('MEDIA-04 a number that is not 8 to 20 digits and a birth date in the future are refused by the sdk rules', () => {
    const { actor, sent } = start();
    fill(actor, '12ab', '2999-01-01');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      number: { key: VALIDATION_MESSAGES.invalid },
      birthDate: { key: VALIDATION_MESSAGES.birthdayInFuture },
    });
    expect(sent).toEqual([]);
  });

  it('MEDIA-04 a valid card is sent as digits with its birth date, and the link ends with the answered card', async () => {
    const { actor, sent, settled } = start();
    fill(actor, '1234 5678-9012 3456', '1990-04-12');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settled();
    expect(sent).toEqual([{ mediaNumber: '1234567890123456', mediaCustomerBirthDate: '1990-04-12' }]);
    expect(actor.getSnapshot().value).toBe('linked');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(answer);
  });

  it('NET-06 with hideBirthDate the birth date is neither required nor sent: the printed code is, as typed in capitals', async () => {
    const { actor, sent, settled } = start({ hideBirthDate: true });
    fill(actor, '12345678', '1990-04-12');
    actor.send({ type: 'PRINTED_CODE_CHANGED', value: 'k7q 2m9' });
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(sent).toEqual([{ mediaNumber: '12345678', mediaPrintedCode: 'K7Q2M9' }]);
    expect(actor.getSnapshot().value).toBe('linked');
  });

  it('NET-06 with hideBirthDate an empty birth date is no error, an empty or malformed printed code is', () => {
    const { actor, sent } = start({ hideBirthDate: true });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      number: { key: VALIDATION_MESSAGES.required },
      printedCode: { key: VALIDATION_MESSAGES.required },
    });
    fill(actor, '12345678');
    actor.send({ type: 'PRINTED_CODE_CHANGED', value: 'K7?' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      printedCode: { key: VALIDATION_MESSAGES.invalid },
    });
    expect(sent).toEqual([]);
  });

  it.each(CARD_LINK_REFUSALS)('%s lands in its own state, and a retry is possible', async (code) => {
    let refuse = true;
    const { actor, sent, settled } = start({
      register: async () => (refuse ? Promise.reject(new CodedError(code)) : answer),
    });
    fill(actor, '12345678', '1990-04-12');
    actor.send({ type: 'SUBMIT' });
    await settled();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ editing: REFUSAL_STATES[code] });
    expect(snapshot.hasTag('refused')).toBe(true);
    expect(cardLinkRefusalOf(snapshot)).toBe(code);
    expect(snapshot.context.errorCode).toBe(code);
    // The values stay for the customer to correct.
    expect(snapshot.context.number).toBe('12345678');
    expect(snapshot.context.birthDate).toBe('1990-04-12');

    refuse = false;
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('linked');
    expect(sent).toHaveLength(2);
  });

  it('every refusal has a state of its own', () => {
    const states = new Set(Object.values(REFUSAL_STATES));
    expect(states.size).toBe(CARD_LINK_REFUSALS.length);
    const codes: CardLinkRefusal[] = [
      'MEDIA_BIRTH_DATE_MISMATCH',
      'MEDIA_EXPIRED',
      'MEDIA_NOT_RECOGNISED',
      'MEDIA_INCIDENT',
      'MEDIA_UNKNOWN_DATA',
      'MEDIA_ERROR',
      'MEDIA_STATUS_EMPTY',
      'MEDIA_MULTIPLE_ACCOUNTS',
      'MEDIA_NONE_FOUND',
      'MEDIA_PRINTED_CODE_MISMATCH',
      'MEDIA_TRIES_EXHAUSTED',
    ];
    for (const code of codes) expect(CARD_LINK_REFUSALS).toContain(code);
  });

  it('changing a field after a refusal stops saying it', async () => {
    const { actor, settled } = start({
      register: async () => Promise.reject(new CodedError('MEDIA_EXPIRED')),
    });
    fill(actor, '12345678', '1990-04-12');
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(cardLinkRefusalOf(actor.getSnapshot())).toBe('MEDIA_EXPIRED');
    actor.send({ type: 'NUMBER_CHANGED', value: '87654321' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'idle' });
    expect(cardLinkRefusalOf(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });

  it('another failure (offline) goes to failed with the error kept, and can be sent again', async () => {
    const offline = new CodedError('ERR_NETWORK');
    const { actor, settled } = start({ register: async () => Promise.reject(offline) });
    fill(actor, '12345678', '1990-04-12');
    actor.send({ type: 'SUBMIT' });
    await settled();
    expect(actor.getSnapshot().value).toEqual({ editing: 'failed' });
    expect(actor.getSnapshot().context.error).toBe(offline);
    expect(cardLinkRefusalOf(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });

  it('a second submit while the first is under way sends nothing more', async () => {
    let resolve: (value: RegisterMediaAnswer) => void = () => {};
    const { actor, sent, settled } = start({ register: () => new Promise((done) => (resolve = done)) });
    fill(actor, '12345678', '1990-04-12');
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'NUMBER_CHANGED', value: '99999999' });
    await waitFor(actor, () => sent.length === 1);
    resolve(answer);
    await settled();
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('linked');
    expect(actor.getSnapshot().context.number).toBe('12345678');
  });
});
