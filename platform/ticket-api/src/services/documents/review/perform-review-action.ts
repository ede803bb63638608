// One staff review action on a network's requests (decisions 0033 and 0041): what
// `documents:review` does itself when it opens the database, and what the running ticket API does
// for it on its staff listener, so a decision, its transaction and its email are the same either way.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { instantAt } from '@transit-shop/sdk/time/network-clock';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { checkDocumentContent } from '../security-check/check-document-file.ts';
import type { ReviewAction, ReviewAnswer, ReviewedRequest } from './review-actions.ts';
import {
  type Decision,
  decideSubmission,
  type ReviewDeps,
  type ReviewedSubmission,
  submissionForReview,
  submissionsToReview,
} from './review-submissions.ts';

export type ReviewActionDeps = ReviewDeps & { storage: FileStorage };

function viewOf(reviewed: ReviewedSubmission): ReviewedRequest {
  const { submission, traveller } = reviewed;
  return {
    id: submission.id,
    status: submission.status,
    itemName: reviewed.itemName,
    sentAt: submission.createdAt.toISOString(),
    message: submission.message,
    traveller: { id: traveller.id, firstName: traveller.firstName, lastName: traveller.lastName },
    documents: reviewed.documents.map((document) => ({
      id: document.id,
      typeName: document.typeName,
      fileName: document.fileName,
      contentType: document.contentType,
      size: document.size,
      status: document.status,
    })),
  };
}

/** The end of a date on the network's calendar, as a document's expiry. */
function expiryOf(date: string, deps: ReviewDeps): Date {
  try {
    return instantAt(date, '23:59:59', deps.network.network.config.timeZone, 999);
  } catch (error) {
    throw new AppError('INVALID_REQUEST', { message: `${date} is not a day of the calendar`, cause: error });
  }
}

async function reviewed(deps: ReviewDeps, submissionId: number): Promise<ReviewedSubmission> {
  const found = await submissionForReview(deps, submissionId);
  if (!found) throw new AppError('SUBMISSION_NOT_FOUND');
  return found;
}

/**
 * A request's file for the reviewer to open, once it has passed the upload's security check again:
 * a file kept before the check grew stricter (decision 0040) is refused with the check's code, and
 * what the reviewer gets is the check's own output.
 */
async function fileOf(deps: ReviewActionDeps, submissionId: number, documentId: number) {
  const document = (await reviewed(deps, submissionId)).documents.find((each) => each.id === documentId);
  const file = document?.storageKey ? await deps.storage.get(document.storageKey) : null;
  if (!document?.storageKey || !file) throw new AppError('DOCUMENT_NOT_FOUND');
  const checked = await checkDocumentContent(file.bytes);
  if (checked.contentType !== file.contentType) throw new AppError('DOCUMENT_TYPE_NOT_ALLOWED');
  return {
    fileName: `document-${document.id}.${checked.extension}`,
    content: Buffer.from(checked.bytes).toString('base64'),
  };
}

function decisionOf(action: Extract<ReviewAction, { request: number }>, deps: ReviewDeps): Decision | null {
  switch (action.action) {
    case 'accept':
      return { kind: 'ACCEPT', expiresAt: action.expires === null ? null : expiryOf(action.expires, deps) };
    case 'refuse':
      return { kind: 'REFUSE', reason: action.reason };
    case 'ask-more':
      return { kind: 'ASK_MORE', message: action.message };
    default:
      return null;
  }
}

async function answerOf(
  deps: ReviewActionDeps,
  reviewer: string,
  action: ReviewAction,
): Promise<ReviewAnswer<ReviewAction['action']>> {
  if (action.action === 'list') return { requests: (await submissionsToReview(deps)).map(viewOf) };
  if (action.action === 'file') return fileOf(deps, action.request, action.document);
  const decision = decisionOf(action, deps);
  if (!decision) return { request: viewOf(await reviewed(deps, action.request)) };
  return {
    request: viewOf(await decideSubmission(deps, { submissionId: action.request, reviewer, decision })),
  };
}

/** Carries out one action; a decision emails the traveller with the deps' mailer and shop port. */
export async function performReviewAction<A extends ReviewAction>(
  deps: ReviewActionDeps,
  input: { reviewer: string; action: A },
): Promise<ReviewAnswer<A['action']>> {
  return (await answerOf(deps, input.reviewer, input.action)) as ReviewAnswer<A['action']>;
}
