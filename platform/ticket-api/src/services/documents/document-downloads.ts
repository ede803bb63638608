// Document/fileDownloadUrl and the address it answers (decision 0033). The address holds a random
// token, of which only the hash is kept, valid for five minutes; the file is served only to a
// session of the account that owns the document, sent as an attachment that no browser renders.
// Anything else is 404, whatever the reason, so the address tells nothing to whoever guesses it.
import { createHash, randomBytes } from 'node:crypto';
import { DOCUMENT_DOWNLOAD_TTL_SECONDS } from '@transit-shop/sdk/constants';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { documentDownloadTokens, documents } from '../../db/schema/documents.ts';
import type { StoredFile } from '../../storage/file-storage.ts';
import { type DocumentFilesContext, networkIdOf } from './document-context.ts';

/** Where the tenant service serves the ticket API's file route, under /api. */
export const DOCUMENT_FILES_PATH = '/documents/files';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createDownloadUrl(
  context: DocumentFilesContext,
  documentId: number,
): Promise<{ url: string; expires_at: string }> {
  const [row] = await context.db
    .select({ id: documents.id, storageKey: documents.storageKey })
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.accountId, context.account.id),
        eq(documents.networkId, networkIdOf(context)),
      ),
    )
    .limit(1);
  if (!row?.storageKey) throw new AppError('DOCUMENT_NOT_FOUND');
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(context.now.getTime() + DOCUMENT_DOWNLOAD_TTL_SECONDS * 1000);
  // Spent addresses go as new ones are made.
  await context.db.delete(documentDownloadTokens).where(lte(documentDownloadTokens.expiresAt, context.now));
  await context.db
    .insert(documentDownloadTokens)
    .values({ tokenHash: hashOf(token), documentId: row.id, accountId: context.account.id, expiresAt });
  return { url: `/api${DOCUMENT_FILES_PATH}/${token}`, expires_at: expiresAt.toISOString() };
}

export type DownloadedDocument = StoredFile & { fileName: string; extension: string };

/** The file behind a token for the account whose session asks, or null. */
export async function downloadDocument(input: {
  db: Database;
  storage: DocumentFilesContext['storage'];
  token: string;
  accountId: number;
  networkId: number;
  now: Date;
}): Promise<DownloadedDocument | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(input.token)) return null;
  const [row] = await input.db
    .select({ storageKey: documents.storageKey, fileName: documents.fileName })
    .from(documentDownloadTokens)
    .innerJoin(documents, eq(documents.id, documentDownloadTokens.documentId))
    .where(
      and(
        eq(documentDownloadTokens.tokenHash, hashOf(input.token)),
        eq(documentDownloadTokens.accountId, input.accountId),
        gt(documentDownloadTokens.expiresAt, input.now),
        eq(documents.accountId, input.accountId),
        eq(documents.networkId, input.networkId),
      ),
    )
    .limit(1);
  if (!row?.storageKey) return null;
  const file = await input.storage.get(row.storageKey);
  if (!file) return null;
  return { ...file, fileName: row.fileName, extension: row.storageKey.split('.').pop() ?? 'bin' };
}
