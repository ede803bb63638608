// XState machines of the shop's multi-step flows (cart, checkout, tunnel, account deletion...).
// Each flow lives in src/<flow>/<flow>.machine.ts with its test beside it.
export * from './account-deletion/account-deletion.machine.ts';
export * from './checkout/checkout.machine.ts';
export * from './identity-unlink/identity-unlink.machine.ts';
export * from './provider-sign-in/provider-sign-in.machine.ts';
