// The state charts of eligibility documents and validation requests (DOC-02, DOC-03; decision
// 0033). The spec names the statuses, not the transitions: these tables are the one place that
// says which change is allowed. The ticket API applies a change only through `transitionDocument`
// and `transitionSubmission`; the web reads the same tables to offer only the actions that apply.

/** A document's status (DOC-02). "A similar valid document exists" is a marker, not a status. */
export const DOCUMENT_STATUSES = [
  'PENDING',
  'VALIDATED',
  'REFUSED',
  'EXPIRED',
  'MODIFIED',
  'DELETED',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** What happened to a file on upload (DOC-02). */
export const UPLOAD_STATUSES = ['VALIDATING', 'PENDING', 'VALID', 'INVALID'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** A validation request's status (DOC-03). */
export const SUBMISSION_STATUSES = [
  'PENDING',
  'PROCESSING',
  'TO_COMPLETE',
  'ACCEPTED',
  'REFUSED',
  'CANCELLED',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** How validation requests are grouped on the tracking page (DOC-03). */
export const SUBMISSION_GROUPS = ['CURRENT', 'PAST'] as const;
export type SubmissionGroup = (typeof SUBMISSION_GROUPS)[number];

/** What changes a document. */
export const DOCUMENT_EVENTS = ['ACCEPT', 'REFUSE', 'EXPIRE', 'REPLACE', 'DELETE'] as const;
export type DocumentEvent = (typeof DOCUMENT_EVENTS)[number];

/** What changes a validation request. */
export const SUBMISSION_EVENTS = ['OPEN', 'ACCEPT', 'REFUSE', 'ASK_MORE', 'COMPLETE', 'CANCEL'] as const;
export type SubmissionEvent = (typeof SUBMISSION_EVENTS)[number];

/**
 * Document (a new upload starts PENDING):
 *   PENDING   --ACCEPT-->  VALIDATED --EXPIRE--> EXPIRED
 *   PENDING   --REFUSE-->  REFUSED   VALIDATED --REPLACE--> MODIFIED (a newer one of its type is validated)
 *   PENDING, VALIDATED, REFUSED --DELETE--> DELETED
 * EXPIRED, MODIFIED and DELETED are final.
 */
export const DOCUMENT_TRANSITIONS: Readonly<
  Record<DocumentStatus, Partial<Readonly<Record<DocumentEvent, DocumentStatus>>>>
> = {
  PENDING: { ACCEPT: 'VALIDATED', REFUSE: 'REFUSED', DELETE: 'DELETED' },
  VALIDATED: { EXPIRE: 'EXPIRED', REPLACE: 'MODIFIED', DELETE: 'DELETED' },
  REFUSED: { DELETE: 'DELETED' },
  EXPIRED: {},
  MODIFIED: {},
  DELETED: {},
};

/**
 * Validation request (created PENDING):
 *   PENDING --OPEN--> PROCESSING --ACCEPT--> ACCEPTED
 *   PENDING or PROCESSING --REFUSE--> REFUSED, --ASK_MORE--> TO_COMPLETE
 *   TO_COMPLETE --COMPLETE--> PENDING (the traveller added what was asked)
 *   PENDING, TO_COMPLETE --CANCEL--> CANCELLED
 * ACCEPTED, REFUSED and CANCELLED are final. A reviewer deciding at once opens then decides: a
 * request is PROCESSING while someone looks at it, so it cannot be cancelled under their eyes.
 */
export const SUBMISSION_TRANSITIONS: Readonly<
  Record<SubmissionStatus, Partial<Readonly<Record<SubmissionEvent, SubmissionStatus>>>>
> = {
  PENDING: { OPEN: 'PROCESSING', CANCEL: 'CANCELLED' },
  PROCESSING: { ACCEPT: 'ACCEPTED', REFUSE: 'REFUSED', ASK_MORE: 'TO_COMPLETE' },
  TO_COMPLETE: { COMPLETE: 'PENDING', CANCEL: 'CANCELLED' },
  ACCEPTED: {},
  REFUSED: {},
  CANCELLED: {},
};

/** A change the chart does not allow; the ticket API answers it with the code (409). */
export class TransitionNotAllowed extends Error {
  constructor(
    readonly code: 'DOCUMENT_TRANSITION_NOT_ALLOWED' | 'SUBMISSION_TRANSITION_NOT_ALLOWED',
    readonly from: string,
    readonly event: string,
  ) {
    super(`${event} is not allowed from ${from}`);
    this.name = 'TransitionNotAllowed';
  }
}

/** The status a document takes on the event, or TransitionNotAllowed. */
export function transitionDocument(from: DocumentStatus, event: DocumentEvent): DocumentStatus {
  const to = DOCUMENT_TRANSITIONS[from][event];
  if (!to) throw new TransitionNotAllowed('DOCUMENT_TRANSITION_NOT_ALLOWED', from, event);
  return to;
}

/** The status a validation request takes on the event, or TransitionNotAllowed. */
export function transitionSubmission(from: SubmissionStatus, event: SubmissionEvent): SubmissionStatus {
  const to = SUBMISSION_TRANSITIONS[from][event];
  if (!to) throw new TransitionNotAllowed('SUBMISSION_TRANSITION_NOT_ALLOWED', from, event);
  return to;
}

export function documentAllows(status: DocumentStatus, event: DocumentEvent): boolean {
  return DOCUMENT_TRANSITIONS[status][event] !== undefined;
}

export function submissionAllows(status: SubmissionStatus, event: SubmissionEvent): boolean {
  return SUBMISSION_TRANSITIONS[status][event] !== undefined;
}

/** Current while someone still has to act on it; past once decided or cancelled (DOC-03). */
export function submissionGroup(status: SubmissionStatus): SubmissionGroup {
  return status === 'PENDING' || status === 'PROCESSING' || status === 'TO_COMPLETE' ? 'CURRENT' : 'PAST';
}

/** Statuses a document no longer leaves. */
export function isFinalDocumentStatus(status: DocumentStatus): boolean {
  return Object.keys(DOCUMENT_TRANSITIONS[status]).length === 0;
}
