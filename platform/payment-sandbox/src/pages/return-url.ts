// Where the browser goes after an outcome: the shop's returnUrl, its own query kept, with the outcome appended.
import type { CheckoutStatus } from '../protocol/schemas.ts';

export function returnUrlWithOutcome(returnUrl: string, checkoutId: string, status: CheckoutStatus): string {
  const url = new URL(returnUrl);
  const outcome = `checkout=${encodeURIComponent(checkoutId)}&status=${encodeURIComponent(status)}`;
  // Appended as text so that the shop's own parameters keep their exact encoding.
  url.search = url.search.length > 1 ? `${url.search.slice(1)}&${outcome}` : outcome;
  return url.href;
}
