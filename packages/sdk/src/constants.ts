// Business constants and limits of spec 01 §9 and spec 02 §9, plus the few limits we chose where
// the spec is silent (marked "ours"). No schema library: any module may import these.

export const PASSWORD_MIN_LENGTH = 12;
/** Ours: bounds the cost of hashing a password. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MIN_LENGTH = 2;
/** Ours. */
export const NAME_MAX_LENGTH = 100;
/** Ours: the longest address RFC 5321 lets through. */
export const EMAIL_MAX_LENGTH = 254;
export const VOUCHER_CODE_MIN_LENGTH = 4;
/** Age from which a traveller counts as over 18 (ACC-09). */
export const ADULT_AGE = 18;
/** Days between a deletion request and the permanent deletion; reactivation cancels it (ACC-06). */
export const DELETION_WITHDRAWAL_DAYS = 30;
/** How long GET answers of the ticket backend are reused (API-06). */
export const RESPONSE_CACHE_TTL_MS = 5 * 60 * 1000;
/** The chunk-reload guard kept in session storage (SHELL-02). */
export const RELOAD_GUARD_MS = 10 * 1000;
/** Ours: the largest profile picture accepted. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** Ours: the picture types accepted, checked on the server by content. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Ours: how long the client waits for an answer before a timeout error. */
export const REQUEST_TIMEOUT_MS = 15 * 1000;

// Eligibility documents (decision 0033).
/** Spec 01 §9: documents are checked within about two days; a network may say otherwise. */
export const DOCUMENTS_VALIDATION_DELAY_DAYS = 2;
/** Ours: the largest document file accepted. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Ours: the most documents an account keeps on a network (deleted ones do not count). */
export const DOCUMENTS_PER_ACCOUNT_MAX = 40;
/** Ours: the most bytes of documents an account keeps on a network. */
export const DOCUMENTS_BYTES_PER_ACCOUNT_MAX = 100 * 1024 * 1024;
/** Ours: the file types a document may be, checked on the server by content. */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
/** Ours: how long a document's download address works. */
export const DOCUMENT_DOWNLOAD_TTL_SECONDS = 5 * 60;
/** Ours: how many days before a validated document expires its traveller is reminded. */
export const DOCUMENT_EXPIRY_REMINDER_DAYS = 30;
/** Ours: the longest refusal reason or request message a reviewer writes. */
export const DOCUMENT_MESSAGE_MAX_LENGTH = 500;
