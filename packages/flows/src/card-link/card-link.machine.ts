// Linking a transport card to the account (spec 01 §2 "Transport card", MEDIA-04, MEDIA-05, NET-06;
// decisions 0032, 0036): the customer types the card's number and the holder's birth date, or, on a
// network that hides the birth date, the code printed on the card; the fields are checked with the
// sdk's rules, then Account/registerMedia.json links the card. Each refusal has its own state under
// `editing`, so the form says it where it belongs and the customer can correct and send again.
//
// States:
//   editing         NUMBER_CHANGED { value }, BIRTH_DATE_CHANGED { value }, PRINTED_CODE_CHANGED
//                   { value }, SUBMIT; substates idle, one per refusal code (REFUSAL_STATES) and
//                   failed (any other error)
//   submitting      the registerMedia actor is under way; a second SUBMIT is ignored
//   linked          final, output: the card linked and the account's cards after it
//
// The app provides the actor with `cardLinkMachine.provide({ actors: { registerMedia } })`:
//   registerMedia({ mediaNumber, mediaCustomerBirthDate? | mediaPrintedCode? }) -> { media, medias }
import type { Medium } from '@transit-shop/sdk/contract/media';
import { mediaNumberSchema, mediaPrintedCodeSchema } from '@transit-shop/sdk/contract/media';
import { birthdaySchema } from '@transit-shop/sdk/validation/birthday';
import { VALIDATION_MESSAGES } from '@transit-shop/sdk/validation/messages';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { z } from 'zod';

/** The card-link refusals of MEDIA-05 and decisions 0032 and 0036, each with the editing substate saying it. */
export const REFUSAL_STATES = {
  MEDIA_BIRTH_DATE_MISMATCH: 'birthDateMismatch',
  MEDIA_EXPIRED: 'expired',
  MEDIA_NOT_RECOGNISED: 'notRecognised',
  MEDIA_INCIDENT: 'incident',
  MEDIA_UNKNOWN_DATA: 'unknownData',
  MEDIA_ERROR: 'mediaError',
  MEDIA_STATUS_EMPTY: 'statusEmpty',
  MEDIA_MULTIPLE_ACCOUNTS: 'multipleAccounts',
  MEDIA_LINKED_ELSEWHERE: 'linkedElsewhere',
  MEDIA_NONE_FOUND: 'noneFound',
  MEDIA_PRINTED_CODE_MISMATCH: 'printedCodeMismatch',
  MEDIA_TRIES_EXHAUSTED: 'triesExhausted',
  MEDIA_LINKS_TODAY_EXHAUSTED: 'linksTodayExhausted',
  MEDIA_LINKS_TOO_MANY: 'linksTooMany',
} as const;

export type CardLinkRefusal = keyof typeof REFUSAL_STATES;
export type CardLinkRefusalState = (typeof REFUSAL_STATES)[CardLinkRefusal];

export const CARD_LINK_REFUSALS = Object.keys(REFUSAL_STATES) as CardLinkRefusal[];

/** A field's problem as a validation message key of the sdk. */
export type CardLinkFieldError = { readonly key: string };
export type CardLinkField = 'number' | 'birthDate' | 'printedCode';
export type CardLinkFieldErrors = Partial<Record<CardLinkField, CardLinkFieldError>>;

/** What the actor sends: the number without its spaces, and the birth date, or the printed code where it is hidden. */
export type RegisterMediaInput = {
  mediaNumber: string;
  mediaCustomerBirthDate?: string;
  mediaPrintedCode?: string;
};
/** What Account/registerMedia.json answers. */
export type RegisterMediaAnswer = { media: Medium; medias: Medium[] };

export type CardLinkInput = {
  /**
   * The network's hideBirthDate (NET-06): the birth date is neither asked nor sent, the code printed
   * on the card is (decision 0036).
   */
  hideBirthDate: boolean;
};

export type CardLinkContext = {
  number: string;
  birthDate: string;
  printedCode: string;
  hideBirthDate: boolean;
  /** The fields' problems found at the last submit, updated as they are typed again. */
  fieldErrors: CardLinkFieldErrors;
  /** The code of the last refusal, or of the last failure (null when not an AppError). */
  errorCode: string | null;
  /** The last error itself, for the page to say one that is no refusal (offline, session). */
  error: unknown;
  answer: RegisterMediaAnswer | null;
};

export type CardLinkEvent =
  | { type: 'NUMBER_CHANGED'; value: string }
  | { type: 'BIRTH_DATE_CHANGED'; value: string }
  | { type: 'PRINTED_CODE_CHANGED'; value: string }
  | { type: 'SUBMIT' };

const firstKey = (result: z.ZodSafeParseResult<unknown>): CardLinkFieldError | undefined =>
  result.success ? undefined : { key: result.error.issues[0]?.message ?? VALIDATION_MESSAGES.invalid };

/** The fields' problems by the sdk's rules (MEDIA-04): a number, and a birth date or the printed code. */
export function cardLinkFieldErrors(values: {
  number: string;
  birthDate: string;
  printedCode: string;
  hideBirthDate: boolean;
}): CardLinkFieldErrors {
  const errors: CardLinkFieldErrors = {};
  const number = firstKey(mediaNumberSchema.safeParse(values.number));
  if (number) errors.number = number;
  if (values.hideBirthDate) {
    const printedCode = firstKey(mediaPrintedCodeSchema.safeParse(values.printedCode));
    if (printedCode) errors.printedCode = printedCode;
  } else {
    const birthDate =
      values.birthDate.trim() === ''
        ? { key: VALIDATION_MESSAGES.required }
        : firstKey(birthdaySchema.safeParse(values.birthDate));
    if (birthDate) errors.birthDate = birthDate;
  }
  return errors;
}

const hasErrors = (errors: CardLinkFieldErrors) => Object.keys(errors).length > 0;

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`the app provides the ${name} actor`));

export const cardLinkMachine = setup({
  types: {
    context: {} as CardLinkContext,
    events: {} as CardLinkEvent,
    input: {} as CardLinkInput,
    output: {} as RegisterMediaAnswer | null,
  },
  actors: {
    /** Account/registerMedia.json for the signed-in account. */
    registerMedia: fromPromise<RegisterMediaAnswer, RegisterMediaInput>(notProvided('registerMedia')),
  },
  guards: {
    isValid: ({ context }) => !hasErrors(cardLinkFieldErrors(context)),
    isRefusal: ({ event }, params: { code: CardLinkRefusal }) =>
      codeOf((event as { error?: unknown }).error) === params.code,
  },
  actions: {
    /** Once a submit found problems, each change checks the fields again. */
    recheckFields: assign({
      fieldErrors: ({ context }) => (hasErrors(context.fieldErrors) ? cardLinkFieldErrors(context) : {}),
    }),
    clearError: assign({ errorCode: null, error: null }),
    keepError: assign({
      errorCode: ({ event }) => codeOf((event as { error?: unknown }).error),
      error: ({ event }) => (event as { error?: unknown }).error,
    }),
  },
}).createMachine({
  id: 'cardLink',
  context: ({ input }) => ({
    number: '',
    birthDate: '',
    printedCode: '',
    hideBirthDate: input.hideBirthDate,
    fieldErrors: {},
    errorCode: null,
    error: null,
    answer: null,
  }),
  initial: 'editing',
  output: ({ context }) => context.answer,
  states: {
    editing: {
      initial: 'idle',
      states: {
        idle: {},
        // One per refusal of REFUSAL_STATES, each tagged 'refused'.
        birthDateMismatch: { tags: ['refused'] },
        expired: { tags: ['refused'] },
        notRecognised: { tags: ['refused'] },
        incident: { tags: ['refused'] },
        unknownData: { tags: ['refused'] },
        mediaError: { tags: ['refused'] },
        statusEmpty: { tags: ['refused'] },
        multipleAccounts: { tags: ['refused'] },
        linkedElsewhere: { tags: ['refused'] },
        noneFound: { tags: ['refused'] },
        printedCodeMismatch: { tags: ['refused'] },
        triesExhausted: { tags: ['refused'] },
        linksTodayExhausted: { tags: ['refused'] },
        linksTooMany: { tags: ['refused'] },
        /** Any other failure: offline, session ended, an unexpected answer. */
        failed: {},
      },
      on: {
        // A changed field may put the refusal right: the form stops saying it.
        NUMBER_CHANGED: {
          target: '.idle',
          actions: [assign({ number: ({ event }) => event.value }), 'recheckFields', 'clearError'],
        },
        BIRTH_DATE_CHANGED: {
          target: '.idle',
          actions: [assign({ birthDate: ({ event }) => event.value }), 'recheckFields', 'clearError'],
        },
        PRINTED_CODE_CHANGED: {
          target: '.idle',
          actions: [assign({ printedCode: ({ event }) => event.value }), 'recheckFields', 'clearError'],
        },
        SUBMIT: [
          { guard: 'isValid', target: 'submitting', actions: [assign({ fieldErrors: {} }), 'clearError'] },
          {
            target: '.idle',
            actions: [assign({ fieldErrors: ({ context }) => cardLinkFieldErrors(context) }), 'clearError'],
          },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'registerMedia',
        input: ({ context }) => ({
          // The schema drops the spaces and hyphens a customer types (decision 0032).
          mediaNumber: mediaNumberSchema.parse(context.number),
          ...(context.hideBirthDate
            ? { mediaPrintedCode: mediaPrintedCodeSchema.parse(context.printedCode) }
            : { mediaCustomerBirthDate: context.birthDate }),
        }),
        onDone: { target: 'linked', actions: assign({ answer: ({ event }) => event.output }) },
        onError: [
          ...CARD_LINK_REFUSALS.map((code) => ({
            guard: { type: 'isRefusal' as const, params: { code } },
            target: `editing.${REFUSAL_STATES[code]}`,
            actions: 'keepError' as const,
          })),
          { target: 'editing.failed', actions: 'keepError' },
        ],
      },
    },
    linked: { type: 'final' },
  },
});

export type CardLinkMachine = typeof cardLinkMachine;
export type CardLinkSnapshot = SnapshotFrom<CardLinkMachine>;

/** The refusal the form is saying, if any. */
export function cardLinkRefusalOf(snapshot: CardLinkSnapshot): CardLinkRefusal | null {
  return CARD_LINK_REFUSALS.find((code) => snapshot.matches({ editing: REFUSAL_STATES[code] })) ?? null;
}
