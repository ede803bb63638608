// The documents calls as the pages use them (decision 0033): a traveller's documents, the account's
// documents and validation requests (never cached: a reviewer may decide at any time), the network's
// qualification providers, the upload with its progress (and what a provider asks beside the file),
// the requests, deletion, and the download of a file to its owner.
import { queryOptions } from '@tanstack/react-query';
import { defineCall } from '@transit-shop/sdk/contract/define-call';
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
import { signedRequest, textIdSchema } from '@transit-shop/sdk/contract/fields';
import { qualificationValidationConfigurationSchema } from '@transit-shop/sdk/contract/networks';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import type { Locale } from '@transit-shop/sdk/locales';
import type { z } from 'zod';
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

export const getQualificationValidationConfigurationCall = defineCall({
  path: 'Networks/getQualificationValidationConfiguration',
  method: 'GET',
  authenticated: false,
  request: signedRequest({ networkId: textIdSchema.optional() }),
  response: qualificationValidationConfigurationSchema,
});

export type QualificationProvider = z.infer<
  typeof qualificationValidationConfigurationSchema
>['providers'][number];

/** The network's qualification providers; none when the network has no such configuration. */
export const qualificationProvidersQueryOptions = (client: Client, networkId: number) =>
  queryOptions({
    queryKey: ['qualification-providers', networkId],
    queryFn: async (): Promise<QualificationProvider[]> => {
      try {
        return (await client.call(getQualificationValidationConfigurationCall, { networkId })).providers;
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_CONFIGURED') return [];
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

/** The provider that takes the traveller's input for documents of this type, if any. */
export function inputProviderOf(
  providers: readonly QualificationProvider[],
  documentTypeId: number,
): (QualificationProvider & { inputLabel: NonNullable<QualificationProvider['inputLabel']> }) | undefined {
  for (const provider of providers) {
    const { inputLabel } = provider;
    if (inputLabel && provider.documentTypeIds.includes(documentTypeId)) return { ...provider, inputLabel };
  }
  return undefined;
}

export function uploadDocument(
  client: Client,
  input: {
    travellerId: number;
    documentTypeId: number;
    file: File;
    /** What the traveller typed for the type's qualification provider, which may decide at once. */
    qualification?: { providerId: number; input: string } | undefined;
    onProgress: (fraction: number) => void;
  },
): Promise<DocumentUploadAnswer> {
  return client.call(
    createDocumentCall,
    {
      userId: input.travellerId,
      paperworkTypeId: input.documentTypeId,
      file: input.file,
      ...(input.qualification
        ? {
            qualificationProviderId: input.qualification.providerId,
            qualificationProviderInput: input.qualification.input,
          }
        : {}),
    },
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
