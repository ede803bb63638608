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
