// The checkout's steps, each at /cart/<step> (spec 01 §2). The route registry reads this list on
// the first paint: it stays this small.
export const CHECKOUT_STEPS = [
  'invite-login',
  'invoice-email',
  'shipping-address',
  'collect',
  'checkout',
] as const;

export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** What a step's route tells the checkout's page: which step its address is. */
export type CheckoutStepHandle = { checkoutStep: CheckoutStep };
