// The error catalogue: every code the ticket backend answers or the sdk raises in the account area
// and the cart, with its default technical message and HTTP status (spec 02 §8). No schema library
// here: the web app maps codes to translated texts and may import this early.

/** The code and message of spec 02 §8 when an answer is ko or fails without a usable error (API-04). */
export const DEFAULT_ERROR_CODE = 'ERR_RESPONSE_ERROR';
export const DEFAULT_ERROR_MESSAGE = 'Request failed with error';

export type ErrorDefinition = { readonly status: number; readonly message: string };

/**
 * Statuses: 4xx for what the caller can fix or must wait for, 5xx only for faults on the
 * server's side (and the client exceptions that mean the server could not be reached).
 * Codes are written like the spec's EMAIL_EXISTS and the codes the tenant service already answers
 * (NOT_FOUND, INVALID_REQUEST...), except the spec's ERR_RESPONSE_ERROR; the three email-change
 * codes keep the spec's own lower-case names because the spec names them.
 */
export const ERROR_CODES = {
  // The default answer, also the server's answer to an unexpected fault.
  [DEFAULT_ERROR_CODE]: { status: 500, message: DEFAULT_ERROR_MESSAGE },

  // Any call.
  INVALID_REQUEST: { status: 400, message: 'The request is invalid' },
  INVALID_SIGNATURE: { status: 400, message: 'The request signature is invalid' },
  NOT_FOUND: { status: 404, message: 'Nothing is served at this address' },
  FORBIDDEN: { status: 403, message: 'This action is not allowed' },
  RATE_LIMITED: { status: 429, message: 'Too many requests: retry later' },
  NETWORK_NOT_FOUND: { status: 404, message: 'Network not found' },
  NOT_CONFIGURED: { status: 404, message: 'This network has no such configuration' },
  BAD_GATEWAY: { status: 502, message: 'A service behind the backend answered wrongly' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is unavailable: retry later' },
  GATEWAY_TIMEOUT: { status: 504, message: 'A service behind the backend did not answer in time' },

  // Sign-in, registration, session.
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  ACCOUNT_LOCKED: {
    status: 423,
    message: 'Too many failed attempts: the account is temporarily locked; reset the password or retry later',
  },
  // Decision 0024: one address failing to sign in to many accounts waits, whichever email it tries.
  SIGN_IN_THROTTLED: {
    status: 429,
    message: 'Too many failed sign-ins from this network: retry later',
  },
  EMAIL_IN_USE: { status: 409, message: 'Email already in use' },
  ACCOUNT_OTHER_PROVIDER: {
    status: 409,
    message: 'An account exists for this email under another sign-in method',
  },
  USERMAIL_NOT_GIVEN: { status: 400, message: 'Usermail not given' },
  PASSWORD_TOO_WEAK: { status: 400, message: 'The password does not follow the password rules' },
  USER_NOT_FOUND: { status: 404, message: 'user not found' },
  TOKEN_INVALID: { status: 401, message: 'Token is invalid' },
  SESSION_EXPIRED: { status: 401, message: 'Session expired' },
  USER_NOT_CONNECTED: { status: 401, message: 'User not connected' },
  GUEST_NOT_ALLOWED: { status: 403, message: 'Not available to a guest' },
  NO_FRANCECONNECT_PROVIDER: { status: 404, message: 'There is no FranceConnect provider' },

  // Sign-in through a network's OpenID providers (IDP-04, decision 0044).
  IDENTITY_PROVIDER_NOT_FOUND: { status: 404, message: 'This network has no such sign-in provider' },
  IDENTITY_PROVIDER_UNAVAILABLE: { status: 502, message: 'The sign-in provider could not be reached' },
  IDENTITY_PROVIDER_DENIED: { status: 400, message: 'The sign-in at the provider was cancelled or refused' },
  AUTHORIZATION_STATE_INVALID: {
    status: 400,
    message: 'This sign-in has expired or was already used: start again',
  },
  IDENTITY_TOKEN_INVALID: { status: 401, message: "The sign-in provider's answer could not be verified" },
  IDENTITY_ALREADY_LINKED: { status: 409, message: 'This identity is already linked to another account' },
  IDENTITY_PROVIDER_ALREADY_LINKED: {
    status: 409,
    message: 'The account already has an identity at this provider: replace it instead',
  },
  IDENTITY_NOT_LINKED: { status: 404, message: 'No identity of this provider is linked to the account' },
  IDENTITY_MISMATCH: {
    status: 403,
    message: 'Sign in at the provider as the identity linked to the account',
  },
  IDENTITY_PASSWORD_REQUIRED: {
    status: 409,
    message: 'Create an email and a password for the account before unlinking the identity',
  },
  IDENTITY_DETAILS_READ_ONLY: {
    status: 403,
    message: 'The name, birth date and email come from FranceConnect and cannot be changed here',
  },
  DEMATERIALIZED_NOT_ALLOWED: {
    status: 403,
    message: 'Tickets on the phone are not sold after a FranceConnect sign-in: choose a transport card',
  },
  LOGIN_NO_USER: { status: 502, message: 'The response did not contain the user' },
  PROFILE_CHOICE_REQUIRED: { status: 409, message: 'Choose the profile to sign in with' },

  // Account changes.
  update_email_error_password: { status: 403, message: 'The password is wrong' },
  update_email_error_email_exists: {
    status: 409,
    message: 'EMAIL_EXISTS: the email belongs to another account',
  },
  update_email_error_other: { status: 400, message: 'The email could not be updated' },
  SAME_EMAIL: { status: 400, message: 'The new email is the current email' },
  WRONG_PASSWORD: { status: 403, message: 'The current password is wrong' },
  SAME_PASSWORD: { status: 400, message: 'The new password is the current password' },
  PROFILE_NOT_FOUND: { status: 404, message: 'Profile not found' },
  PROFILE_NOT_DISABLED: { status: 409, message: 'The profile could not be disabled' },
  PROFILE_INACTIVE: { status: 403, message: 'This traveller profile was deactivated by the account holder' },
  PROFILE_PASSWORD_PROVIDER_ONLY: {
    status: 403,
    message: "A traveller's password is set after signing in with a sign-in provider",
  },
  MEDIA_NOT_DISABLED: { status: 409, message: 'The media could not be disabled' },
  PICTURE_NOT_FILE: { status: 400, message: 'Picture needs to be of type File' },
  PICTURE_TOO_LARGE: { status: 413, message: 'The picture is too large' },
  PICTURE_TYPE: { status: 415, message: 'The picture must be a JPEG, PNG or WebP image' },
  PICTURE_UNREADABLE: { status: 422, message: 'The picture could not be read: it may be damaged' },

  // Email verification and emailed action codes.
  ALREADY_VERIFIED: { status: 409, message: 'The account is already verified' },
  VERIFICATION_WAIT: { status: 429, message: 'A verification email was sent recently: ask again later' },
  VERIFICATION_CODE_INVALID: { status: 400, message: 'The verification code is invalid or expired' },
  ACTION_CODE_INVALID: { status: 400, message: 'The action code is invalid' },
  ACTION_CODE_EXPIRED: { status: 410, message: 'The action code has expired' },

  // Deletion and reactivation (spec 01 §4).
  DELETION_BLOCKED_BY_SUBSCRIPTION: {
    status: 409,
    message: 'A tacit subscription blocks the deletion of the account',
  },
  ACCOUNT_PENDING_DELETION: {
    status: 409,
    message: 'The account is pending deletion: reactivate it to continue',
  },
  ACCOUNT_DELETED: { status: 410, message: 'The account has been deleted' },

  // Cart: the last technical message of spec 02 §8, kept here so the catalogue holds them all.
  ARTICLE_START_DATE: { status: 400, message: 'Cannot compute article start date' },

  // Vouchers (spec 02 §8, VOUCH-02): one code per error the spec names (decision 0017).
  VOUCHER_NOT_FOUND: { status: 404, message: 'Voucher not found' },
  VOUCHER_NOT_APPLIED: {
    status: 409,
    message: 'Voucher not applied: it takes nothing more off this cart or cannot be combined',
  },
  VOUCHER_LIMIT_REACHED: { status: 409, message: 'Voucher usage limit reached' },
  VOUCHER_INAPPLICABLE: { status: 422, message: 'Voucher inapplicable to the products of this cart' },
  VOUCHER_INACTIVE: { status: 409, message: 'Voucher inactive' },
  VOUCHER_EXPIRED: { status: 410, message: 'Voucher expired' },

  // Orders and cart (spec 02 §8, spec 01 §5 "Cart and checkout"): articles the shop would not offer.
  SHOP_ITEM_NOT_FOUND: { status: 404, message: 'Product not found in the catalogue of this network' },
  SHOP_ITEM_NOT_OFFERED: { status: 409, message: 'This product is not offered in the shop' },
  SUPPORT_NOT_OFFERED: { status: 409, message: 'This delivery is not offered for this product' },
  WRONG_QUANTITY: { status: 400, message: 'Wrong quantity' },
  PRODUCT_ALREADY_IN_CART: { status: 409, message: 'Product already in cart' },
  SUBSCRIPTION_CART_NOT_ALONE: { status: 409, message: 'A subscription cart cannot contain other products' },
  SUBSCRIPTION_NOT_OFFERED: { status: 409, message: 'This product cannot be bought as a subscription' },
  INCOMPATIBLE_INSTALLMENTS: { status: 409, message: 'Incompatible instalments' },
  INCOMPATIBLE_PAYMENT_METHODS: { status: 409, message: 'Incompatible payment methods' },
  ARTICLE_FIELDS_INVALID: {
    status: 400,
    message: 'The additional information of a product is missing or does not comply with the rules',
  },
  ORDER_AMOUNT_TOO_LARGE: { status: 400, message: 'The order amount is above the largest amount accepted' },
  INVALID_DOCUMENT: { status: 409, message: 'Invalid document' },
  COLLECT_AGENCY_MISSING: { status: 400, message: 'Collect agency missing' },
  GUEST_ORDER_NOT_ALLOWED: { status: 403, message: 'Guest order not allowed' },
  GUEST_AMOUNT_EXCEEDED: { status: 403, message: 'Guest amount exceeded: log in or sign up' },

  // Checkout and orders (spec 02 §8 "Orders and cart", spec 01 §5; decision 0019).
  ACCOUNT_NOT_VERIFIED: {
    status: 403,
    message: 'Unverified accounts cannot purchase: verify the account first',
  },
  GUEST_PAYMENT_METHOD_NOT_ALLOWED: {
    status: 403,
    message: 'A guest pays on the payment page: saved methods and instalments need an account',
  },
  SHIPPING_ADDRESS_INCOMPLETE: {
    status: 400,
    message: 'The shipping address needs a name, a street, a postal code, a city and a state',
  },
  INVOICE_EMAIL_MISSING: { status: 400, message: 'The email the invoice is sent to is missing' },
  COLLECT_SLOT_FULL: { status: 409, message: 'This collect time slot is full: choose another one' },
  ORDER_NOT_FOUND: { status: 404, message: 'Order not found' },
  ORDER_KEY_REUSED: { status: 409, message: 'This order key was already used for another cart' },
  ORDER_PAYMENT_REQUIRED: {
    status: 409,
    message: 'This order has an amount to pay: place it with a payment',
  },
  INVOICE_NOT_AVAILABLE: { status: 409, message: 'The invoice is available once the order is completed' },
  SAVED_METHOD_NOT_FOUND: { status: 404, message: 'Saved payment method not found' },
  ORDER_ALREADY_BOUGHT: {
    status: 409,
    message: 'The same order was bought a few minutes ago: confirm to buy it again',
  },
  SAVED_METHOD_LOCKED: {
    status: 409,
    message:
      'This payment method still has instalments to pay or a subscription to renew: it can be removed once they are paid or the subscription moved to another method',
  },

  // Tacit subscriptions (spec 02 §8, SUB-05; decision 0043).
  SUBSCRIPTION_NOT_FOUND: { status: 404, message: 'Subscription not found' },
  SUBSCRIPTION_TERMINATED: { status: 409, message: 'This subscription is terminated' },
  SUBSCRIPTION_METHOD_NOT_USABLE: {
    status: 409,
    message: 'This payment method cannot be charged for the subscription: it has expired or was removed',
  },
  SUBSCRIPTION_LINK_INVALID: {
    status: 410,
    message: 'This link has expired or was already used: sign in to manage the subscription',
  },
  GUEST_SUBSCRIPTION_NOT_ALLOWED: {
    status: 403,
    message: 'A subscription needs an account: sign in or sign up to subscribe',
  },

  // Tickets and the wallet (decision 0030).
  TICKET_NOT_FOUND: { status: 404, message: 'Ticket not found' },
  TICKET_NOT_YET_VALID: { status: 409, message: 'This ticket is not valid yet' },
  TICKET_EXPIRED: { status: 409, message: 'This ticket has expired' },
  TICKET_USED_UP: { status: 409, message: 'This ticket has no journeys left' },
  TICKET_NOT_ACTIVATABLE: { status: 409, message: 'This ticket is valid without being activated' },
  TICKET_ON_OTHER_DEVICE: {
    status: 409,
    message: 'This ticket is on another phone: move it to this phone first',
  },
  TRANSFER_NOT_ALLOWED: { status: 409, message: 'This ticket cannot be moved there' },

  // Eligibility documents (spec 02 §8 "Documents", DOC-01; decision 0033).
  DOCUMENT_SECURITY_CHECK_FAILED: { status: 422, message: 'The file did not pass the security check' },
  DOCUMENT_TYPE_NOT_ALLOWED: { status: 415, message: 'Only PDF, JPEG, PNG or WebP files are accepted' },
  DOCUMENT_HEIC_NOT_SUPPORTED: {
    status: 415,
    message: 'HEIC photos are not accepted: export the photo as JPEG and send it again',
  },
  DOCUMENT_TOO_LARGE: { status: 413, message: 'The file is larger than 10 MB' },
  DOCUMENT_EMPTY: { status: 422, message: 'The file is empty' },
  DOCUMENT_QUOTA_EXCEEDED: {
    status: 409,
    message: 'The account holds as many documents as it may: delete one first',
  },
  DOCUMENT_ACTIVE_CONTENT: {
    status: 422,
    message: 'The PDF carries scripts, actions or attached files: print it to a new PDF and send that',
  },
  // Decision 0040: a PDF may only jump to its own pages.
  DOCUMENT_EXTERNAL_LINK: {
    status: 422,
    message: 'The PDF links to a website or another file: send a scan or a photo of the document instead',
  },
  DOCUMENT_ENCRYPTED: {
    status: 422,
    message: 'The PDF is protected by a password: send an unprotected copy',
  },
  DOCUMENT_UNREADABLE: { status: 422, message: 'The file could not be read: it may be damaged' },
  DOCUMENT_TYPE_UNKNOWN: { status: 404, message: 'This network asks for no such document' },
  DOCUMENT_NOT_FOUND: { status: 404, message: 'Document not found' },
  DOCUMENT_IN_USE: {
    status: 409,
    message: 'This document backs a request being checked: cancel the request first',
  },
  DOCUMENT_TRANSITION_NOT_ALLOWED: { status: 409, message: 'This document cannot change to that status' },
  SUBMISSION_NOT_FOUND: { status: 404, message: 'Validation request not found' },
  SUBMISSION_TRANSITION_NOT_ALLOWED: {
    status: 409,
    message: 'This validation request cannot change to that status',
  },
  SUBMISSION_DOCUMENTS_MISMATCH: {
    status: 409,
    message: 'The documents do not match what this product asks for',
  },
  QUALIFICATION_PROVIDER_UNKNOWN: { status: 404, message: 'This network has no such validation service' },

  // Transport cards (spec 02 §8 "Card link", MEDIA-05; decision 0032).
  MEDIA_BIRTH_DATE_MISMATCH: { status: 409, message: 'The date of birth does not match the card' },
  MEDIA_EXPIRED: { status: 409, message: 'This card has expired' },
  MEDIA_NOT_RECOGNISED: { status: 404, message: 'This card is not recognised by the network' },
  MEDIA_INCIDENT: { status: 409, message: 'An incident was reported on this card' },
  MEDIA_UNKNOWN_DATA: { status: 409, message: 'The card could not be linked with these details' },
  MEDIA_ERROR: { status: 502, message: 'The card system did not answer: retry later' },
  MEDIA_STATUS_EMPTY: { status: 409, message: 'The card system gave no status for this card' },
  MEDIA_MULTIPLE_ACCOUNTS: {
    status: 409,
    message: 'Several accounts are linked to this card: contact support',
  },
  MEDIA_NONE_FOUND: { status: 404, message: 'No account is linked to this card' },
  MEDIA_SIGNIN_NOT_OFFERED: { status: 404, message: 'This network does not offer signing in with a card' },
  MEDIA_LINKED_ELSEWHERE: {
    status: 409,
    message: 'This card is linked to another account: contact support',
  },
  MEDIA_NOT_FOUND: { status: 404, message: 'Card not found in this account' },
  MEDIA_HOLDER_BIRTH_DATE_MISSING: {
    status: 409,
    message: "The traveller's date of birth is needed for a personal card",
  },
  // Proof of holding a card and its limits (decision 0036).
  MEDIA_PRINTED_CODE_MISMATCH: {
    status: 409,
    message: 'The code does not match the one printed on the card',
  },
  MEDIA_TRIES_EXHAUSTED: {
    status: 429,
    message: 'Too many wrong attempts: linking this card and signing in with it are paused: retry later',
  },
  MEDIA_LINKS_TODAY_EXHAUSTED: {
    status: 429,
    message: 'This account has linked as many cards as one day allows: retry later',
  },
  MEDIA_LINKS_TOO_MANY: {
    status: 409,
    message: 'This account holds as many cards as it may on this network: remove one first',
  },
  MEDIA_HOLDING_NOT_PROVEN: {
    status: 403,
    message: 'This card was linked without proof of holding it: link it again with the code printed on it',
  },
  // Decision 0037: a ticket on a card goes on a card of the account or on a new card in the order.
  MEDIA_NEW_CARD_NOT_OFFERED: {
    status: 409,
    message: 'This network sends no new cards by post: choose one of your transport cards',
  },
  MEDIA_NEW_CARD_MISSING: {
    status: 409,
    message: 'This ticket goes on a new card, but the order buys none for its traveller',
  },

  // Payment (spec 02 §8 "Payment": unexpected error, refused, cancelled; retry).
  PAYMENT_UNEXPECTED_ERROR: { status: 502, message: 'Unexpected payment error: retry' },
  PAYMENT_REFUSED: { status: 402, message: 'Payment refused: retry with another method' },
  PAYMENT_CANCELLED: { status: 409, message: 'Payment cancelled: retry' },
  NOTIFICATION_REFUSED: { status: 401, message: 'The payment notification is not signed or out of date' },

  // Client exceptions (spec 02 §8): raised by the sdk, never answered by the server.
  TIMEOUT: { status: 504, message: 'The request timed out' },
  CONNECTION_ERROR: { status: 503, message: 'The connection was reset or refused' },
  GENERIC_ERROR: { status: 500, message: 'Unexpected error' },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
