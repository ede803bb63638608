// CHK-08 at checkout (decision 0033): the documents an order line gives must cover what its item
// requires, by the sdk's one rule (documentsCoverage). Only documents of the account and of the
// line's traveller on the network count; each carries the status of the current validation
// request it backs for this item, which matters where the network sells while documents are checked.
import {
  documentsCoverage,
  type EligibilityDocument,
} from '@transit-shop/sdk/documents/document-eligibility';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { documentSubmissionDocuments, documentSubmissions, documents } from '../../db/schema/documents.ts';

export async function orderLineDocumentsCovered(
  db: Database,
  input: {
    network: LoadedNetwork;
    accountId: number;
    travellerId: number;
    itemId: number;
    requiredTypeIds: readonly number[];
    documentIds: readonly number[];
    now: Date;
  },
): Promise<boolean> {
  if (input.requiredTypeIds.length === 0) return true;
  const networkId = input.network.network.config.id;
  const given =
    input.documentIds.length === 0
      ? []
      : await db
          .select()
          .from(documents)
          .where(
            and(
              inArray(documents.id, [...input.documentIds]),
              eq(documents.accountId, input.accountId),
              eq(documents.userId, input.travellerId),
              eq(documents.networkId, networkId),
            ),
          );
  const requests =
    given.length === 0
      ? []
      : await db
          .select({ documentId: documentSubmissionDocuments.documentId, status: documentSubmissions.status })
          .from(documentSubmissionDocuments)
          .innerJoin(
            documentSubmissions,
            eq(documentSubmissions.id, documentSubmissionDocuments.submissionId),
          )
          .where(
            and(
              inArray(
                documentSubmissionDocuments.documentId,
                given.map((row) => row.id),
              ),
              eq(documentSubmissions.itemId, input.itemId),
              inArray(documentSubmissions.status, ['PENDING', 'PROCESSING', 'TO_COMPLETE']),
            ),
          );
  const eligibility: EligibilityDocument[] = given.map((row) => ({
    id: row.id,
    document_type_id: row.documentTypeId,
    status: row.status,
    starting_at: row.startingAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    submissionStatus: requests.find((request) => request.documentId === row.id)?.status ?? null,
  }));
  return documentsCoverage({
    requiredTypeIds: input.requiredTypeIds,
    documents: eligibility,
    allowPurchaseWhilePending: input.network.network.config.documents.allowPurchaseWhilePending,
    now: input.now,
  }).covered;
}
