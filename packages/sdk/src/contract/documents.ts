// Eligibility documents and validation requests (spec 02 §7 "Documents", DOC-01..05; decision
// 0033). The spec names the calls and a few fields; the answers' shapes are ours. A document is
// one file proving one thing (a document type of the network's catalogue) of one traveller: the
// account holder or one of their profiles. A validation request (a submission) asks the network
// to check documents for one shop item.
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGE_MAX_LENGTH, DOCUMENT_TYPES } from '../constants.ts';
import {
  DOCUMENT_STATUSES,
  SUBMISSION_GROUPS,
  SUBMISSION_STATUSES,
  UPLOAD_STATUSES,
} from '../documents/document-states.ts';
import { localeSchema } from '../locale.schema.ts';
import { VALIDATION_MESSAGES } from '../validation/messages.ts';
import { isPictureFile } from '../validation/picture.ts';
import { defineCall } from './define-call.ts';
import { idSchema, isoDateTimeSchema, signedRequest, textIdSchema, userTokenSchema } from './fields.ts';

/** A file part of a form. Its size and type are checked by the server's security check (DOC-01). */
export const documentFileSchema = z.custom<Blob>(isPictureFile, { error: VALIDATION_MESSAGES.required });

/** A document as its owner sees it (spec 01 "User document", DOC-02). */
export const userDocumentSchema = z.object({
  id: idSchema,
  document_type_id: idSchema,
  /** The type's name in the asked language. */
  document_type_name: z.string(),
  /** The traveller it is about: the account holder or one of their profiles. */
  user_id: idSchema,
  status: z.enum(DOCUMENT_STATUSES),
  /** From when it proves what it proves (the reviewer's date); null until validated. */
  starting_at: isoDateTimeSchema.nullable(),
  /** When it stops proving it; null when it does not expire. */
  expires_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  /** The name the file had, for its owner to recognise it; never a path. */
  file_name: z.string(),
  content_type: z.enum(DOCUMENT_TYPES),
  size: z.number().int().nonnegative(),
  /** Why it was refused, in the reviewer's words. */
  refusal_reason: z.string().nullable(),
  /** DOC-02's marker: another validated document of the same type and traveller exists. */
  similar_valid: z.boolean(),
  /** It backs a validation request still being checked, so it cannot be deleted. */
  in_use: z.boolean(),
});
export type UserDocument = z.infer<typeof userDocumentSchema>;

export const userDocumentsAnswerSchema = z.object({ documents: z.array(userDocumentSchema) });

/** A validation request (DOC-03). */
export const documentSubmissionSchema = z.object({
  id: idSchema,
  /** The shop item the documents are for. */
  item_id: idSchema,
  item_name: z.string(),
  user_id: idSchema,
  status: z.enum(SUBMISSION_STATUSES),
  group: z.enum(SUBMISSION_GROUPS),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  /** When a decision is expected: created plus the network's validation delay (DOC-04). */
  expected_by: isoDateTimeSchema,
  /** The reviewer's words: why it was refused, or what is missing when it is to complete. */
  message: z.string().nullable(),
  documents: z.array(userDocumentSchema),
});
export type DocumentSubmission = z.infer<typeof documentSubmissionSchema>;

const submissionAnswerSchema = z.object({ submission: documentSubmissionSchema });

/** What an upload did (DOC-02's upload status) and the document it made. */
export const documentUploadAnswerSchema = z.object({
  upload_status: z.enum(UPLOAD_STATUSES),
  document: userDocumentSchema,
});
export type DocumentUploadAnswer = z.infer<typeof documentUploadAnswerSchema>;

/**
 * Uploads a document for the holder or one of their profiles (user_id). The file must pass the
 * security check (DOC-01): each refusal answers its DOCUMENT_* code. The document is PENDING.
 */
export const uploadDocumentCall = defineCall({
  path: 'Media/uploadDocument.json',
  method: 'POST',
  encoding: 'multipart',
  maxFileBytes: DOCUMENT_MAX_BYTES,
  authenticated: true,
  session: { token: 'userToken', userId: 'user_id', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    user_id: textIdSchema,
    document: documentFileSchema,
    document_type: textIdSchema,
  }),
  response: documentUploadAnswerSchema,
});

/**
 * Uploads a document and, when the network names a qualification provider for its type, asks the
 * provider with what the traveller typed (a student number): VALID when it accepts at once,
 * INVALID (the document REFUSED with its reason) when it refuses, PENDING when staff must decide.
 */
export const createDocumentCall = defineCall({
  path: 'paperwork/createDocument',
  method: 'POST',
  encoding: 'multipart',
  maxFileBytes: DOCUMENT_MAX_BYTES,
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    paperworkTypeId: textIdSchema,
    file: documentFileSchema,
    qualificationProviderId: textIdSchema.optional(),
    qualificationProviderInput: z.string().trim().min(1).max(64).optional(),
  }),
  response: documentUploadAnswerSchema,
});

/** Every document of the account on the network: the holder's and their profiles', not deleted. */
export const getDocumentsCall = defineCall({
  path: 'Document/getDocuments.json',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    locale: localeSchema.optional(),
  }),
  response: userDocumentsAnswerSchema,
});

/** One traveller's documents (userId: the holder or one of their profiles), not deleted. */
export const getUserDocumentsCall = defineCall({
  path: 'Document/getUserDocuments.json',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    locale: localeSchema.optional(),
  }),
  response: userDocumentsAnswerSchema,
});

/**
 * Asks the network to check documents for a shop item: one document of the traveller for each
 * type the item requires (SUBMISSION_DOCUMENTS_MISMATCH otherwise). The request is PENDING.
 */
export const createDocumentsSubmissionCall = defineCall({
  path: 'Document/createDocumentsSubmission.json',
  method: 'POST',
  authenticated: true,
  session: { token: 'userToken', userId: 'userId', userIdMayBeProfile: true },
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    networkId: idSchema,
    item_id: idSchema,
    document_ids: z.array(idSchema).min(1).max(10),
    locale: localeSchema.optional(),
  }),
  response: submissionAnswerSchema,
});

/**
 * The traveller's changes to a request: CANCEL it (PENDING or TO_COMPLETE), or COMPLETE it with
 * the documents asked for (TO_COMPLETE back to PENDING). Other changes are the staff's.
 */
export const updateDocumentsSubmissionCall = defineCall({
  path: 'Document/updateDocumentsSubmission.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    submissionId: idSchema,
    action: z.enum(['CANCEL', 'COMPLETE']),
    document_ids: z.array(idSchema).min(1).max(10).optional(),
    locale: localeSchema.optional(),
  }),
  response: submissionAnswerSchema,
});

/** The account's validation requests on the network, newest first, grouped current and past (DOC-03). */
export const getUserDocumentSubmissionsCall = defineCall({
  path: 'Document/getUserDocumentSubmissions.json',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: textIdSchema,
    networkId: textIdSchema,
    locale: localeSchema.optional(),
  }),
  response: z.object({
    current: z.array(documentSubmissionSchema),
    past: z.array(documentSubmissionSchema),
  }),
});

/**
 * A short-lived address of the document's file, served as an attachment to a session of its owner
 * only (decision 0033).
 */
export const fileDownloadUrlCall = defineCall({
  path: 'Document/fileDownloadUrl',
  method: 'GET',
  authenticated: true,
  cacheable: false,
  request: signedRequest({ userToken: userTokenSchema, userId: textIdSchema, documentId: textIdSchema }),
  response: z.object({ url: z.string(), expires_at: isoDateTimeSchema }),
});

/** Deletes a document of the account (DOCUMENT_IN_USE while it backs a current request). */
export const deleteDocumentCall = defineCall({
  path: 'Document/deleteDocument.json',
  method: 'POST',
  authenticated: true,
  request: signedRequest({
    userToken: userTokenSchema,
    userId: idSchema,
    documentId: idSchema,
    locale: localeSchema.optional(),
  }),
  response: userDocumentsAnswerSchema,
});

/** The reviewer's free text, as the review command takes it. */
export const documentMessageSchema = z.string().trim().min(1).max(DOCUMENT_MESSAGE_MAX_LENGTH);

export const DOCUMENT_CALLS = {
  uploadDocument: uploadDocumentCall,
  createDocument: createDocumentCall,
  getDocuments: getDocumentsCall,
  getUserDocuments: getUserDocumentsCall,
  createDocumentsSubmission: createDocumentsSubmissionCall,
  updateDocumentsSubmission: updateDocumentsSubmissionCall,
  getUserDocumentSubmissions: getUserDocumentSubmissionsCall,
  fileDownloadUrl: fileDownloadUrlCall,
  deleteDocument: deleteDocumentCall,
} as const;
