// The one writer of document and validation-request statuses (decision 0033). The sdk's state
// charts say whether a change is allowed; this writes it with a guarded update (the row must still
// be in the status it was read in, so two reviewers at once give one decision) and records the
// event, in the caller's transaction.
import {
  type DocumentEvent,
  type SubmissionEvent,
  TransitionNotAllowed,
  transitionDocument,
  transitionSubmission,
} from '@transit-shop/sdk/documents/document-states';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  type DocumentRow,
  type DocumentSubmissionRow,
  documentEvents,
  documentSubmissions,
  documents,
} from '../../db/schema/documents.ts';

/** Who made a change: customer, staff:<name>, provider:<id> or expiry. */
export type DocumentActor = 'customer' | 'expiry' | `staff:${string}` | `provider:${number}`;

function refused(error: unknown): never {
  if (error instanceof TransitionNotAllowed) throw new AppError(error.code);
  throw error;
}

function nextDocumentStatus(row: DocumentRow, event: DocumentEvent) {
  try {
    return transitionDocument(row.status, event);
  } catch (error) {
    refused(error);
  }
}

/**
 * Moves a document on the event. Validating one makes the traveller's other validated document of
 * the same type MODIFIED (replaced). Throws DOCUMENT_NOT_FOUND or DOCUMENT_TRANSITION_NOT_ALLOWED.
 */
export async function applyDocumentTransition(
  db: Database,
  input: {
    documentId: number;
    event: DocumentEvent;
    actor: DocumentActor;
    now: Date;
    reason?: string | null;
    startingAt?: Date | null;
    expiresAt?: Date | null;
  },
): Promise<DocumentRow> {
  const [row] = await db.select().from(documents).where(eq(documents.id, input.documentId)).limit(1);
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  const to = nextDocumentStatus(row, input.event);
  const [updated] = await db
    .update(documents)
    .set({
      status: to,
      updatedAt: input.now,
      ...(input.event === 'REFUSE' ? { refusalReason: input.reason ?? null } : {}),
      ...(input.event === 'ACCEPT'
        ? {
            startingAt: input.startingAt ?? input.now,
            expiresAt: input.expiresAt ?? null,
            refusalReason: null,
          }
        : {}),
    })
    .where(and(eq(documents.id, row.id), eq(documents.status, row.status)))
    .returning();
  if (!updated) throw new AppError('DOCUMENT_TRANSITION_NOT_ALLOWED');
  await db.insert(documentEvents).values({
    documentId: row.id,
    event: input.event,
    fromStatus: row.status,
    toStatus: to,
    actor: input.actor,
    reason: input.reason ?? null,
    createdAt: input.now,
  });
  if (to === 'VALIDATED') await replaceOlderValidated(db, updated, input);
  return updated;
}

async function replaceOlderValidated(
  db: Database,
  validated: DocumentRow,
  input: { actor: DocumentActor; now: Date },
): Promise<void> {
  const older = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.userId, validated.userId),
        eq(documents.networkId, validated.networkId),
        eq(documents.documentTypeId, validated.documentTypeId),
        eq(documents.status, 'VALIDATED'),
        ne(documents.id, validated.id),
      ),
    );
  for (const { id } of older) {
    await applyDocumentTransition(db, {
      documentId: id,
      event: 'REPLACE',
      actor: input.actor,
      now: input.now,
    });
  }
}

/** Moves a validation request on the event. Throws SUBMISSION_NOT_FOUND or SUBMISSION_TRANSITION_NOT_ALLOWED. */
export async function applySubmissionTransition(
  db: Database,
  input: {
    submissionId: number;
    event: SubmissionEvent;
    actor: DocumentActor;
    now: Date;
    message?: string | null;
  },
): Promise<DocumentSubmissionRow> {
  const [row] = await db
    .select()
    .from(documentSubmissions)
    .where(eq(documentSubmissions.id, input.submissionId))
    .limit(1);
  if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
  let to: DocumentSubmissionRow['status'];
  try {
    to = transitionSubmission(row.status, input.event);
  } catch (error) {
    refused(error);
  }
  const decides = input.event === 'ACCEPT' || input.event === 'REFUSE' || input.event === 'ASK_MORE';
  const [updated] = await db
    .update(documentSubmissions)
    .set({
      status: to,
      updatedAt: input.now,
      ...(decides ? { decidedAt: input.now, message: input.message ?? null } : {}),
      ...(input.event === 'COMPLETE' ? { decidedAt: null } : {}),
    })
    .where(and(eq(documentSubmissions.id, row.id), eq(documentSubmissions.status, row.status)))
    .returning();
  if (!updated) throw new AppError('SUBMISSION_TRANSITION_NOT_ALLOWED');
  await db.insert(documentEvents).values({
    submissionId: row.id,
    event: input.event,
    fromStatus: row.status,
    toStatus: to,
    actor: input.actor,
    reason: input.message ?? null,
    createdAt: input.now,
  });
  return updated;
}
