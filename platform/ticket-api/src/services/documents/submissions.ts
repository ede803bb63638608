// Document/createDocumentsSubmission.json and Document/updateDocumentsSubmission.json (DOC-03;
// decision 0033): a traveller asks the network to check one document per type a shop item
// requires; they may cancel the request while nobody decides on it, or complete it with what a
// reviewer asked for. Another account's request is not found.
import type { DocumentSubmission } from '@transit-shop/sdk/contract/documents';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import {
  type DocumentRow,
  documentEvents,
  documentSubmissionDocuments,
  documentSubmissions,
  documents,
} from '../../db/schema/documents.ts';
import { submissionAnswers } from './document-answers.ts';
import { type DocumentContext, networkIdOf, shopItemOf, travellerOf } from './document-context.ts';
import { applySubmissionTransition } from './document-transitions.ts';

const mismatch = () => new AppError('SUBMISSION_DOCUMENTS_MISMATCH');
const USABLE = new Set<DocumentRow['status']>(['PENDING', 'VALIDATED']);

/** The documents named, each the traveller's, usable, one per required type and all of them. */
async function documentsFor(
  db: Database,
  context: DocumentContext,
  input: { travellerId: number; requiredTypeIds: readonly number[]; documentIds: readonly number[] },
): Promise<DocumentRow[]> {
  const ids = [...new Set(input.documentIds)];
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        inArray(documents.id, ids),
        eq(documents.accountId, context.account.id),
        eq(documents.networkId, networkIdOf(context)),
        eq(documents.userId, input.travellerId),
      ),
    );
  const types = rows.map((row) => row.documentTypeId);
  const oneEach =
    rows.length === ids.length &&
    new Set(types).size === types.length &&
    types.every((type) => input.requiredTypeIds.includes(type));
  if (!oneEach || !rows.every((row) => USABLE.has(row.status))) throw mismatch();
  return rows;
}

async function answerOf(
  context: DocumentContext,
  submissionId: number,
): Promise<{ submission: DocumentSubmission }> {
  const rows = await context.db
    .select()
    .from(documentSubmissions)
    .where(eq(documentSubmissions.id, submissionId));
  const [submission] = await submissionAnswers(context, rows);
  if (!submission) throw new AppError('SUBMISSION_NOT_FOUND');
  return { submission };
}

export async function createSubmission(
  context: DocumentContext,
  input: { userId: number; itemId: number; documentIds: readonly number[] },
): Promise<{ submission: DocumentSubmission }> {
  const travellerId = await travellerOf(context, input.userId);
  const item = shopItemOf(context, input.itemId);
  if (!item) throw new AppError('SHOP_ITEM_NOT_FOUND');
  if (item.requiredDocuments.length === 0) throw mismatch();
  const submissionId = await context.db.transaction(async (tx) => {
    const chosen = await documentsFor(tx, context, {
      travellerId,
      requiredTypeIds: item.requiredDocuments,
      documentIds: input.documentIds,
    });
    if (chosen.length !== new Set(item.requiredDocuments).size) throw mismatch();
    // One request at a time per traveller and item: asking again answers the one being checked.
    const [current] = await tx
      .select({ id: documentSubmissions.id })
      .from(documentSubmissions)
      .where(
        and(
          eq(documentSubmissions.accountId, context.account.id),
          eq(documentSubmissions.networkId, networkIdOf(context)),
          eq(documentSubmissions.userId, travellerId),
          eq(documentSubmissions.itemId, input.itemId),
          inArray(documentSubmissions.status, ['PENDING', 'PROCESSING', 'TO_COMPLETE']),
        ),
      )
      .limit(1);
    if (current) return current.id;
    const [created] = await tx
      .insert(documentSubmissions)
      .values({
        networkId: networkIdOf(context),
        accountId: context.account.id,
        userId: travellerId,
        itemId: input.itemId,
        status: 'PENDING',
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning({ id: documentSubmissions.id });
    if (!created) throw new Error('the request was not inserted');
    await tx
      .insert(documentSubmissionDocuments)
      .values(chosen.map((document) => ({ submissionId: created.id, documentId: document.id })));
    await tx.insert(documentEvents).values({
      submissionId: created.id,
      event: 'CREATE',
      fromStatus: null,
      toStatus: 'PENDING',
      actor: 'customer',
      createdAt: context.now,
    });
    return created.id;
  });
  return answerOf(context, submissionId);
}

export async function updateSubmission(
  context: DocumentContext,
  input: { submissionId: number; action: 'CANCEL' | 'COMPLETE'; documentIds?: readonly number[] | undefined },
): Promise<{ submission: DocumentSubmission }> {
  await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(documentSubmissions)
      .where(
        and(
          eq(documentSubmissions.id, input.submissionId),
          eq(documentSubmissions.accountId, context.account.id),
          eq(documentSubmissions.networkId, networkIdOf(context)),
        ),
      )
      .limit(1);
    if (!row) throw new AppError('SUBMISSION_NOT_FOUND');
    if (input.action === 'CANCEL') {
      await applySubmissionTransition(tx, {
        submissionId: row.id,
        event: 'CANCEL',
        actor: 'customer',
        now: context.now,
      });
      return;
    }
    const requiredTypeIds = shopItemOf(context, row.itemId)?.requiredDocuments ?? [];
    const added = await documentsFor(tx, context, {
      travellerId: row.userId,
      requiredTypeIds,
      documentIds: input.documentIds ?? [],
    });
    if (added.length === 0) throw mismatch();
    await applySubmissionTransition(tx, {
      submissionId: row.id,
      event: 'COMPLETE',
      actor: 'customer',
      now: context.now,
    });
    // A new document of a type takes the place of the one it completes.
    const replacedTypes = added.map((document) => document.documentTypeId);
    const previous = await tx
      .select({ documentId: documentSubmissionDocuments.documentId })
      .from(documentSubmissionDocuments)
      .innerJoin(documents, eq(documents.id, documentSubmissionDocuments.documentId))
      .where(
        and(
          eq(documentSubmissionDocuments.submissionId, row.id),
          inArray(documents.documentTypeId, replacedTypes),
        ),
      );
    if (previous.length > 0) {
      await tx.delete(documentSubmissionDocuments).where(
        and(
          eq(documentSubmissionDocuments.submissionId, row.id),
          inArray(
            documentSubmissionDocuments.documentId,
            previous.map((link) => link.documentId),
          ),
        ),
      );
    }
    await tx
      .insert(documentSubmissionDocuments)
      .values(added.map((document) => ({ submissionId: row.id, documentId: document.id })))
      .onConflictDoNothing();
  });
  return answerOf(context, input.submissionId);
}
