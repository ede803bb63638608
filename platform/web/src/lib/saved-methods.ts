// What the checkout and the account's payment methods page share about saved payment methods: how
// a method's label reads in every language, and the checkout's query key, stale after a change.

/**
 * A card number or IBAN reads left to right in every language: isolated (LRI … PDI), so an Arabic
 * sentence around it does not reorder its groups and expiry.
 */
export const isolatedLtr = (text: string) => `\u2066${text}\u2069`;

/** The start of the checkout's query key of a customer's saved methods (then the customer's id). */
export const CHECKOUT_SAVED_METHODS_KEY = ['saved-payment-methods'] as const;
