// The documents calls as the pages use them (decision 0033): a traveller's documents, the account's
// documents and validation requests (never cached: a reviewer may decide at any time), the upload
// with its progress, the requests, deletion, and the download of a file to its owner.
import { queryOptions } from '@tanstack/react-query';
import {
  createDocumentCall,
  createDocumentsSubmissionCall,
  type DocumentSubmission,
  type DocumentUploadAnswer,
  deleteDocumentCall,
  fileDownloadUrlCall,
  getDocumentsCall,
  getUserDocumentSubmissionsCall,
  getUserDocumentsCall,
  updateDocumentsSubmissionCall,
} from '@transit-shop/sdk/contract/documents';
import type { Locale } from '@transit-shop/sdk/locales';
import type { TicketClient } from '../api-client.ts';

type Client = Pick<TicketClient, 'call'>;

/** Every documents query starts with this key: a change refreshes them all. */
export const DOCUMENTS_KEY = 'documents';

export const travellerDocumentsQueryOptions = (client: Client, travellerId: number, locale: Locale) =>
  queryOptions({
    queryKey: [DOCUMENTS_KEY, 'traveller', travellerId, locale],
    queryFn: async () =>
      (await client.call(getUserDocumentsCall, { userId: travellerId, locale }, { cache: false })).documents,
  });

export const accountDocumentsQueryOptions = (client: Client, userId: number, locale: Locale) =>
  queryOptions({
    queryKey: [DOCUMENTS_KEY, 'account', userId, locale],
    queryFn: async () => (await client.call(getDocumentsCall, { locale }, { cache: false })).documents,
  });

export const submissionsQueryOptions = (client: Client, userId: number, locale: Locale) =>
  queryOptions({
    queryKey: [DOCUMENTS_KEY, 'submissions', userId, locale],
    queryFn: () => client.call(getUserDocumentSubmissionsCall, { locale }, { cache: false }),
  });

export function uploadDocument(
  client: Client,
  input: { travellerId: number; documentTypeId: number; file: File; onProgress: (fraction: number) => void },
): Promise<DocumentUploadAnswer> {
  return client.call(
    createDocumentCall,
    { userId: input.travellerId, paperworkTypeId: input.documentTypeId, file: input.file },
    { onUploadProgress: input.onProgress, timeoutMs: 120_000 },
  );
}

export async function createSubmission(
  client: Client,
  input: { travellerId: number; itemId: number; documentIds: readonly number[]; locale: Locale },
): Promise<DocumentSubmission> {
  const answer = await client.call(createDocumentsSubmissionCall, {
    userId: input.travellerId,
    item_id: input.itemId,
    document_ids: [...input.documentIds],
    locale: input.locale,
  });
  return answer.submission;
}

export async function updateSubmission(
  client: Client,
  input: {
    submissionId: number;
    action: 'CANCEL' | 'COMPLETE';
    documentIds?: readonly number[];
    locale: Locale;
  },
): Promise<DocumentSubmission> {
  const answer = await client.call(updateDocumentsSubmissionCall, {
    submissionId: input.submissionId,
    action: input.action,
    ...(input.documentIds ? { document_ids: [...input.documentIds] } : {}),
    locale: input.locale,
  });
  return answer.submission;
}

export async function deleteDocument(client: Client, documentId: number, locale: Locale): Promise<void> {
  await client.call(deleteDocumentCall, { documentId, locale });
}

/** Fetches the file with the session's token and hands it to the browser as a download. */
export async function downloadDocument(
  client: Pick<TicketClient, 'call' | 'currentSession'>,
  input: { documentId: number; fileName: string },
  fetchFile: typeof fetch = fetch,
): Promise<void> {
  const { url } = await client.call(fileDownloadUrlCall, { documentId: input.documentId });
  const token = client.currentSession()?.userToken ?? '';
  const response = await fetchFile(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`the document could not be downloaded (${response.status})`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = input.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Left a moment so the browser has read the file before it is released.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
