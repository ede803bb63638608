// Media/uploadDocument.json and paperwork/createDocument (DOC-01, DOC-02; decision 0033): a file
// about the holder or one of their travellers, of a document type of the network's catalogue,
// within the account's quota, passes the security check and is stored under a key of ours. It is
// PENDING, unless a qualification provider of the network decides at once: VALID (validated) or
// INVALID (refused with its reason).
import { DOCUMENTS_BYTES_PER_ACCOUNT_MAX, DOCUMENTS_PER_ACCOUNT_MAX } from '@transit-shop/sdk/constants';
import type { DocumentUploadAnswer } from '@transit-shop/sdk/contract/documents';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, count, eq, ne, sum } from 'drizzle-orm';
import { documentEvents, documents } from '../../db/schema/documents.ts';
import { newStorageKey } from '../../storage/file-storage.ts';
import { documentAnswers } from './document-answers.ts';
import { type DocumentFilesContext, documentTypeOf, networkIdOf, travellerOf } from './document-context.ts';
import { applyDocumentTransition } from './document-transitions.ts';
import type { QualificationProvider } from './qualification-provider.ts';
import { checkDocumentFile, displayFileName } from './security-check/index.ts';

export type DocumentUpload = {
  userId: number;
  documentTypeId: number;
  file: Blob;
  qualification?: { providerId: number; input: string } | undefined;
};

function checkProvider(context: DocumentFilesContext, documentTypeId: number, providerId: number): void {
  const providers = context.network.network.config.qualificationValidationConfiguration?.providers ?? [];
  const provider = providers.find((candidate) => candidate.id === providerId);
  if (!provider?.documentTypeIds.includes(documentTypeId)) {
    throw new AppError('QUALIFICATION_PROVIDER_UNKNOWN');
  }
}

async function checkQuota(context: DocumentFilesContext, size: number): Promise<void> {
  const [used] = await context.db
    .select({ files: count(), bytes: sum(documents.size) })
    .from(documents)
    .where(
      and(
        eq(documents.accountId, context.account.id),
        eq(documents.networkId, networkIdOf(context)),
        ne(documents.status, 'DELETED'),
      ),
    );
  const files = used?.files ?? 0;
  const bytes = Number(used?.bytes ?? 0);
  if (files + 1 > DOCUMENTS_PER_ACCOUNT_MAX || bytes + size > DOCUMENTS_BYTES_PER_ACCOUNT_MAX) {
    throw new AppError('DOCUMENT_QUOTA_EXCEEDED');
  }
}

export async function uploadDocument(
  context: DocumentFilesContext & { provider: QualificationProvider },
  upload: DocumentUpload,
): Promise<DocumentUploadAnswer> {
  const travellerId = await travellerOf(context, upload.userId);
  if (!documentTypeOf(context, upload.documentTypeId)) throw new AppError('DOCUMENT_TYPE_UNKNOWN');
  if (upload.qualification) checkProvider(context, upload.documentTypeId, upload.qualification.providerId);
  await checkQuota(context, upload.file.size);
  const checked = await checkDocumentFile(new Uint8Array(await upload.file.arrayBuffer()));
  const fileName = displayFileName(upload.file instanceof File ? upload.file.name : undefined);

  const key = newStorageKey(`documents/${context.account.id}`, checked.extension);
  await context.storage.put(key, { bytes: checked.bytes, contentType: checked.contentType });
  const [row] = await context.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(documents)
      .values({
        networkId: networkIdOf(context),
        accountId: context.account.id,
        userId: travellerId,
        documentTypeId: upload.documentTypeId,
        status: 'PENDING',
        storageKey: key,
        contentType: checked.contentType,
        size: checked.bytes.byteLength,
        sha256: checked.sha256,
        fileName,
        createdAt: context.now,
        updatedAt: context.now,
      })
      .returning();
    const document = inserted[0];
    if (!document) throw new Error('the document was not inserted');
    await tx.insert(documentEvents).values({
      documentId: document.id,
      event: 'UPLOAD',
      fromStatus: null,
      toStatus: 'PENDING',
      actor: 'customer',
      createdAt: context.now,
    });
    return inserted;
  });
  if (!row) throw new Error('the document was not inserted');

  let uploadStatus: DocumentUploadAnswer['upload_status'] = 'PENDING';
  let document = row;
  if (upload.qualification) {
    const verdict = await context.provider.check({
      networkId: networkIdOf(context),
      providerId: upload.qualification.providerId,
      documentTypeId: upload.documentTypeId,
      input: upload.qualification.input,
      now: context.now,
    });
    const actor = `provider:${upload.qualification.providerId}` as const;
    if (verdict.verdict === 'ACCEPTED') {
      document = await context.db.transaction((tx) =>
        applyDocumentTransition(tx, {
          documentId: row.id,
          event: 'ACCEPT',
          actor,
          now: context.now,
          startingAt: verdict.startingAt,
          expiresAt: verdict.expiresAt,
        }),
      );
      uploadStatus = 'VALID';
    } else if (verdict.verdict === 'REFUSED') {
      document = await context.db.transaction((tx) =>
        applyDocumentTransition(tx, {
          documentId: row.id,
          event: 'REFUSE',
          actor,
          now: context.now,
          reason: verdict.reason,
        }),
      );
      uploadStatus = 'INVALID';
    }
  }
  const [answer] = await documentAnswers(context, [document]);
  if (!answer) throw new Error('the document has no answer');
  return { upload_status: uploadStatus, document: answer };
}
