// Whether a traveller's documents cover what a shop item requires (CHK-08; decision 0033). One
// rule, read by the product page (to enable Add to cart), the checkout and placeOrder (which
// refuses with INVALID_DOCUMENT): each required type needs a validated document in force, or, on a
// network that allows buying while documents are checked, one whose validation request is pending.
import type { DocumentStatus, SubmissionStatus } from './document-states.ts';

/** What the rule needs of a document. */
export type EligibilityDocument = {
  readonly id: number;
  readonly document_type_id: number;
  readonly status: DocumentStatus;
  readonly starting_at: string | null;
  readonly expires_at: string | null;
  /** The status of the current validation request it backs for this item, if any. */
  readonly submissionStatus?: SubmissionStatus | null;
};

/** Where one required type stands. */
export type RequiredDocumentState =
  /** A validated document in force. */
  | 'VALID'
  /** A document waiting in a validation request for the item (PENDING or PROCESSING). */
  | 'CHECKING'
  /** Nothing usable: none, refused, expired, or a request asking for more. */
  | 'MISSING';

export type RequiredDocumentVerdict = {
  readonly documentTypeId: number;
  readonly state: RequiredDocumentState;
  /** The document that gives that state; null when MISSING. */
  readonly documentId: number | null;
};

export type DocumentsCoverage = {
  /** Every required type is VALID, or CHECKING where the network allows buying meanwhile. */
  readonly covered: boolean;
  readonly byType: readonly RequiredDocumentVerdict[];
  /** The documents an order line gives for the item, one per covered type. */
  readonly documentIds: readonly number[];
};

/** A validated document that proves its type at the instant. */
export function isDocumentInForce(document: EligibilityDocument, now: Date): boolean {
  if (document.status !== 'VALIDATED') return false;
  const time = now.getTime();
  if (document.starting_at !== null && Date.parse(document.starting_at) > time) return false;
  return document.expires_at === null || time < Date.parse(document.expires_at);
}

function isBeingChecked(document: EligibilityDocument): boolean {
  return (
    document.status === 'PENDING' &&
    (document.submissionStatus === 'PENDING' || document.submissionStatus === 'PROCESSING')
  );
}

function verdictOf(
  typeId: number,
  documents: readonly EligibilityDocument[],
  now: Date,
): RequiredDocumentVerdict {
  const ofType = documents.filter((document) => document.document_type_id === typeId);
  const valid = ofType.find((document) => isDocumentInForce(document, now));
  if (valid) return { documentTypeId: typeId, state: 'VALID', documentId: valid.id };
  const checking = ofType.find(isBeingChecked);
  if (checking) return { documentTypeId: typeId, state: 'CHECKING', documentId: checking.id };
  return { documentTypeId: typeId, state: 'MISSING', documentId: null };
}

/**
 * How the traveller's documents cover the item's required types at `now`. The documents given are
 * the ones that may be used: the traveller's (the page) or the ones an order line names (the
 * server, after checking they are the traveller's).
 */
export function documentsCoverage(input: {
  readonly requiredTypeIds: readonly number[];
  readonly documents: readonly EligibilityDocument[];
  readonly allowPurchaseWhilePending: boolean;
  readonly now: Date;
}): DocumentsCoverage {
  const byType = [...new Set(input.requiredTypeIds)].map((typeId) =>
    verdictOf(typeId, input.documents, input.now),
  );
  const usable = (verdict: RequiredDocumentVerdict) =>
    verdict.state === 'VALID' || (verdict.state === 'CHECKING' && input.allowPurchaseWhilePending);
  return {
    covered: byType.every(usable),
    byType,
    documentIds: byType
      .filter(usable)
      .flatMap((verdict) => (verdict.documentId === null ? [] : [verdict.documentId])),
  };
}
