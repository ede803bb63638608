// Documents and validation requests as the calls answer them (packages/sdk/src/contract/documents.ts).
// The "similar valid" marker (DOC-02) and whether a document backs a request still being checked
// are computed here from the account's rows, never stored.
import { DOCUMENT_TYPES, DOCUMENTS_VALIDATION_DELAY_DAYS } from '@transit-shop/sdk/constants';
import type { DocumentSubmission, UserDocument } from '@transit-shop/sdk/contract/documents';
import { isDocumentInForce } from '@transit-shop/sdk/documents/document-eligibility';
import { submissionGroup } from '@transit-shop/sdk/documents/document-states';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import {
  type DocumentRow,
  type DocumentSubmissionRow,
  documentSubmissionDocuments,
  documentSubmissions,
  documents,
} from '../../db/schema/documents.ts';
import { type DocumentContext, documentTypeName, networkIdOf, shopItemName } from './document-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
type ContentType = (typeof DOCUMENT_TYPES)[number];
const contentTypeOf = (value: string): ContentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value) ? (value as ContentType) : 'application/pdf';

/** The account's documents on the network, not deleted, newest first; one traveller's when named. */
export async function accountDocuments(
  context: DocumentContext,
  travellerId?: number,
): Promise<DocumentRow[]> {
  return context.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.accountId, context.account.id),
        eq(documents.networkId, networkIdOf(context)),
        ne(documents.status, 'DELETED'),
        ...(travellerId === undefined ? [] : [eq(documents.userId, travellerId)]),
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

/** The ids of documents that back a validation request still being checked. */
export async function documentsInUse(
  context: DocumentContext,
  documentIds: readonly number[],
): Promise<Set<number>> {
  if (documentIds.length === 0) return new Set();
  const rows = await context.db
    .select({ documentId: documentSubmissionDocuments.documentId })
    .from(documentSubmissionDocuments)
    .innerJoin(documentSubmissions, eq(documentSubmissions.id, documentSubmissionDocuments.submissionId))
    .where(
      and(
        inArray(documentSubmissionDocuments.documentId, [...documentIds]),
        inArray(documentSubmissions.status, ['PENDING', 'PROCESSING', 'TO_COMPLETE']),
      ),
    );
  return new Set(rows.map((row) => row.documentId));
}

function documentAnswer(
  context: DocumentContext,
  row: DocumentRow,
  others: readonly DocumentRow[],
  inUse: ReadonlySet<number>,
): UserDocument {
  const similarValid = others.some(
    (other) =>
      other.id !== row.id &&
      other.userId === row.userId &&
      other.documentTypeId === row.documentTypeId &&
      isDocumentInForce(
        {
          ...other,
          document_type_id: other.documentTypeId,
          starting_at: other.startingAt?.toISOString() ?? null,
          expires_at: other.expiresAt?.toISOString() ?? null,
        },
        context.now,
      ),
  );
  return {
    id: row.id,
    document_type_id: row.documentTypeId,
    document_type_name: documentTypeName(context, row.documentTypeId),
    user_id: row.userId,
    status: row.status,
    starting_at: row.startingAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    file_name: row.fileName,
    content_type: contentTypeOf(row.contentType),
    size: row.size,
    refusal_reason: row.refusalReason,
    similar_valid: similarValid,
    in_use: inUse.has(row.id),
  };
}

/** Answers for rows, the marker computed against the account's other documents. */
export async function documentAnswers(
  context: DocumentContext,
  rows: readonly DocumentRow[],
): Promise<UserDocument[]> {
  const all = await accountDocuments(context);
  const inUse = await documentsInUse(
    context,
    rows.map((row) => row.id),
  );
  return rows.map((row) => documentAnswer(context, row, all, inUse));
}

function validationDelayDays(context: DocumentContext): number {
  return (
    context.network.network.config.qualificationValidationConfiguration?.validationDelayDays ??
    DOCUMENTS_VALIDATION_DELAY_DAYS
  );
}

/** Validation requests as answered, each with its documents. */
export async function submissionAnswers(
  context: DocumentContext,
  rows: readonly DocumentSubmissionRow[],
): Promise<DocumentSubmission[]> {
  if (rows.length === 0) return [];
  const links = await context.db
    .select({ submissionId: documentSubmissionDocuments.submissionId, document: documents })
    .from(documentSubmissionDocuments)
    .innerJoin(documents, eq(documents.id, documentSubmissionDocuments.documentId))
    .where(
      inArray(
        documentSubmissionDocuments.submissionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(documents.documentTypeId, documents.id);
  const answered = await documentAnswers(
    context,
    links.map((link) => link.document),
  );
  const byId = new Map(answered.map((document) => [document.id, document]));
  return rows.map((row) => ({
    id: row.id,
    item_id: row.itemId,
    item_name: shopItemName(context, row.itemId),
    user_id: row.userId,
    status: row.status,
    group: submissionGroup(row.status),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    expected_by: new Date(row.createdAt.getTime() + validationDelayDays(context) * DAY_MS).toISOString(),
    message: row.message,
    documents: links
      .filter((link) => link.submissionId === row.id)
      .flatMap((link) => {
        const document = byId.get(link.document.id);
        return document ? [document] : [];
      }),
  }));
}

/** The account's validation requests on the network, newest first. */
export async function accountSubmissions(context: DocumentContext): Promise<DocumentSubmissionRow[]> {
  return context.db
    .select()
    .from(documentSubmissions)
    .where(
      and(
        eq(documentSubmissions.accountId, context.account.id),
        eq(documentSubmissions.networkId, networkIdOf(context)),
      ),
    )
    .orderBy(desc(documentSubmissions.createdAt), desc(documentSubmissions.id));
}
