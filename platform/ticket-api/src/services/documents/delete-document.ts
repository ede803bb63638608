// Document/deleteDocument.json (DOC-02 "deleted"): the owner deletes a document and its file. A
// document that backs a request still being checked stays until the request is cancelled.
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq } from 'drizzle-orm';
import { documents } from '../../db/schema/documents.ts';
import { documentsInUse } from './document-answers.ts';
import { type DocumentFilesContext, networkIdOf } from './document-context.ts';
import { applyDocumentTransition } from './document-transitions.ts';

export async function deleteDocument(context: DocumentFilesContext, documentId: number): Promise<void> {
  const key = await context.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.accountId, context.account.id),
          eq(documents.networkId, networkIdOf(context)),
        ),
      )
      .limit(1);
    if (!row || row.status === 'DELETED') throw new AppError('DOCUMENT_NOT_FOUND');
    if ((await documentsInUse({ ...context, db: tx }, [row.id])).has(row.id))
      throw new AppError('DOCUMENT_IN_USE');
    await applyDocumentTransition(tx, {
      documentId: row.id,
      event: 'DELETE',
      actor: 'customer',
      now: context.now,
    });
    await tx.update(documents).set({ storageKey: null }).where(eq(documents.id, row.id));
    return row.storageKey;
  });
  if (key) await context.storage.delete(key);
}
