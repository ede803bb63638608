// The network's staff decide on validation requests (decision 0033): the pending requests, oldest
// first; one request with its documents; and a decision. A decision opens the request and decides
// in one transaction through the one writer of statuses, so of two reviewers one decides and the
// other is told the request changed. Accepting validates the request's pending documents, refusing
// refuses them with the same reason; the traveller is then emailed in their language.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/database.ts';
import {
  type DocumentRow,
  type DocumentSubmissionRow,
  documentSubmissionDocuments,
  documentSubmissions,
  documents,
} from '../../../db/schema/documents.ts';
import { type UserRow, users } from '../../../db/schema/users.ts';
import type { Logger } from '../../../logger.ts';
import type { Mailer } from '../../../mail/mailer.ts';
import { type DocumentNotice, documentNoticeEmail } from '../../../mail/templates/document-emails.ts';
import { emailLocale } from '../../../tenants/network-locale.ts';
import { documentTypeName, shopItemName } from '../document-context.ts';
import { applyDocumentTransition, applySubmissionTransition } from '../document-transitions.ts';

export type ReviewDeps = {
  db: Database;
  network: LoadedNetwork;
  now: Date;
  mailer: Mailer;
  logger: Logger;
  shopPort?: number | undefined;
};

export type ReviewedSubmission = {
  submission: DocumentSubmissionRow;
  traveller: Pick<UserRow, 'id' | 'firstName' | 'lastName'>;
  itemName: string;
  documents: (DocumentRow & { typeName: string })[];
};

export type Decision =
  | { kind: 'ACCEPT'; expiresAt: Date | null }
  | { kind: 'REFUSE'; reason: string }
  | { kind: 'ASK_MORE'; message: string };

const networkIdOf = (deps: ReviewDeps) => deps.network.network.config.id;

/** The requests someone must decide on: pending, or opened by a reviewer who did not decide. */
export async function submissionsToReview(deps: ReviewDeps): Promise<ReviewedSubmission[]> {
  const rows = await deps.db
    .select()
    .from(documentSubmissions)
    .where(
      and(
        eq(documentSubmissions.networkId, networkIdOf(deps)),
        inArray(documentSubmissions.status, ['PENDING', 'PROCESSING']),
      ),
    )
    .orderBy(asc(documentSubmissions.createdAt), asc(documentSubmissions.id));
  return Promise.all(rows.map((row) => reviewedOf(deps, row)));
}

async function reviewedOf(deps: ReviewDeps, submission: DocumentSubmissionRow): Promise<ReviewedSubmission> {
  const [traveller] = await deps.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, submission.userId));
  const linked = await deps.db
    .select({ document: documents })
    .from(documentSubmissionDocuments)
    .innerJoin(documents, eq(documents.id, documentSubmissionDocuments.documentId))
    .where(eq(documentSubmissionDocuments.submissionId, submission.id))
    .orderBy(asc(documents.documentTypeId));
  return {
    submission,
    traveller: traveller ?? { id: submission.userId, firstName: null, lastName: null },
    itemName: shopItemName(deps, submission.itemId),
    documents: linked.map(({ document }) => ({
      ...document,
      typeName: documentTypeName(deps, document.documentTypeId),
    })),
  };
}

/** One request of the network, or null. */
export async function submissionForReview(
  deps: ReviewDeps,
  submissionId: number,
): Promise<ReviewedSubmission | null> {
  const [row] = await deps.db
    .select()
    .from(documentSubmissions)
    .where(
      and(eq(documentSubmissions.id, submissionId), eq(documentSubmissions.networkId, networkIdOf(deps))),
    )
    .limit(1);
  return row ? reviewedOf(deps, row) : null;
}

/** Decides on a request of the network; throws SUBMISSION_NOT_FOUND or SUBMISSION_TRANSITION_NOT_ALLOWED. */
export async function decideSubmission(
  deps: ReviewDeps,
  input: { submissionId: number; reviewer: string; decision: Decision },
): Promise<ReviewedSubmission> {
  const actor = `staff:${input.reviewer}` as const;
  const { decision } = input;
  const decided = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(documentSubmissions)
      .where(
        and(
          eq(documentSubmissions.id, input.submissionId),
          eq(documentSubmissions.networkId, networkIdOf(deps)),
        ),
      )
      .limit(1);
    if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
    const now = deps.now;
    const opened =
      row.status === 'PROCESSING'
        ? row
        : await applySubmissionTransition(tx, { submissionId: row.id, event: 'OPEN', actor, now });
    const message =
      decision.kind === 'REFUSE' ? decision.reason : decision.kind === 'ASK_MORE' ? decision.message : null;
    const submission = await applySubmissionTransition(tx, {
      submissionId: opened.id,
      event: decision.kind,
      actor,
      now,
      message,
    });
    if (decision.kind !== 'ASK_MORE') {
      const pending = await tx
        .select({ id: documents.id })
        .from(documentSubmissionDocuments)
        .innerJoin(documents, eq(documents.id, documentSubmissionDocuments.documentId))
        .where(and(eq(documentSubmissionDocuments.submissionId, opened.id), eq(documents.status, 'PENDING')));
      for (const { id } of pending) {
        await applyDocumentTransition(tx, {
          documentId: id,
          event: decision.kind,
          actor,
          now,
          ...(decision.kind === 'ACCEPT'
            ? { startingAt: now, expiresAt: decision.expiresAt }
            : { reason: decision.reason }),
        });
      }
    }
    return submission;
  });
  const reviewed = await reviewedOf(deps, decided);
  await tellTraveller(deps, reviewed, decision);
  return reviewed;
}

async function tellTraveller(
  deps: ReviewDeps,
  reviewed: ReviewedSubmission,
  decision: Decision,
): Promise<void> {
  const [account] = await deps.db.select().from(users).where(eq(users.id, reviewed.submission.accountId));
  const to = account?.contactEmail ?? account?.email;
  if (!account || !to) return;
  const { itemId } = reviewed.submission;
  const notice: DocumentNotice =
    decision.kind === 'ACCEPT'
      ? { kind: 'ACCEPTED', itemId, itemName: reviewed.itemName }
      : decision.kind === 'REFUSE'
        ? { kind: 'REFUSED', itemId, itemName: reviewed.itemName, reason: decision.reason }
        : { kind: 'TO_COMPLETE', itemName: reviewed.itemName, message: decision.message };
  try {
    await deps.mailer.sendMail(
      documentNoticeEmail({
        network: deps.network,
        locale: emailLocale(deps.network, account.locale),
        shopPort: deps.shopPort,
        to,
        firstName: account.firstName,
        notice,
      }),
    );
  } catch (error) {
    // The decision stands; the traveller sees it on the requests page.
    deps.logger.error(
      { err: error, submissionId: reviewed.submission.id },
      'a document decision email could not be sent',
    );
  }
}
