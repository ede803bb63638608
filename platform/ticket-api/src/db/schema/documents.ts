// Eligibility documents and validation requests (decision 0033): the files travellers upload to
// prove they may buy a reduced fare, the requests that ask the network to check them, and every
// change of status with who made it (the audit trail a public administration keeps).
import { DOCUMENT_STATUSES, SUBMISSION_STATUSES } from '@transit-shop/sdk/documents/document-states';
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const documentStatusEnum = pgEnum('document_status', DOCUMENT_STATUSES);
export const submissionStatusEnum = pgEnum('document_submission_status', SUBMISSION_STATUSES);

/** One uploaded file of one document type about one traveller. */
export const documents = pgTable(
  'documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    /** The account holder who owns it. */
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id),
    /** The traveller it is about: the holder or one of their profiles. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    documentTypeId: integer('document_type_id').notNull(),
    status: documentStatusEnum('status').notNull(),
    startingAt: timestamp('starting_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Server-made; null once the file is deleted. */
    storageKey: text('storage_key'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Of the bytes as received. */
    sha256: text('sha256').notNull(),
    /** As typed, cleaned, for its owner to recognise it; never a path. */
    fileName: text('file_name').notNull(),
    refusalReason: text('refusal_reason'),
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('documents_account_idx').on(table.accountId, table.networkId),
    index('documents_expiry_idx').on(table.status, table.expiresAt),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;

/** A validation request: the documents a traveller gives for one shop item. */
export const documentSubmissions = pgTable(
  'document_submissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    networkId: integer('network_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    itemId: integer('item_id').notNull(),
    status: submissionStatusEnum('status').notNull(),
    /** The reviewer's words: the refusal's reason, or what is missing. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('document_submissions_account_idx').on(table.accountId, table.networkId),
    index('document_submissions_status_idx').on(table.networkId, table.status, table.createdAt),
  ],
);
export type DocumentSubmissionRow = typeof documentSubmissions.$inferSelect;

export const documentSubmissionDocuments = pgTable(
  'document_submission_documents',
  {
    submissionId: integer('submission_id')
      .notNull()
      .references(() => documentSubmissions.id),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
  },
  (table) => [
    primaryKey({ columns: [table.submissionId, table.documentId] }),
    index('document_submission_documents_document_idx').on(table.documentId),
  ],
);

/** Every change of a document's or a request's status, and who made it. */
export const documentEvents = pgTable(
  'document_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentId: integer('document_id').references(() => documents.id),
    submissionId: integer('submission_id').references(() => documentSubmissions.id),
    event: text('event').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** customer, staff:<name>, provider:<id> or expiry. */
    actor: text('actor').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('document_events_document_idx').on(table.documentId),
    index('document_events_submission_idx').on(table.submissionId),
  ],
);

/** A document's short-lived download address: the hash of its random token, never the token. */
export const documentDownloadTokens = pgTable(
  'document_download_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('document_download_tokens_expiry_idx').on(table.expiresAt)],
);
