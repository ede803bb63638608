// What every view of one checkout needs: the checkout, its texts and its amount as the customer reads it.
import type { Checkout } from '../store/sandbox-store.ts';
import { formatAmount } from './format.ts';
import { html } from './html.ts';
import { type Messages, messagesFor } from './messages.ts';

export type PageContext = { checkout: Checkout; t: Messages; amount: string };

export function pageContext(checkout: Checkout): PageContext {
  const { amount, currency } = checkout.request;
  return {
    checkout,
    t: messagesFor(checkout.request.locale),
    amount: formatAmount(amount, currency, checkout.request.locale),
  };
}

export const checkoutSummary = ({ checkout, t, amount }: PageContext) => html`<div class="summary">
<p class="description">${checkout.request.description}</p>
<p class="amount"><span class="hint">${t.amountLabel}</span> ${amount}</p>
</div>`;

export const pageTitle = ({ checkout, t }: PageContext, heading: string) =>
  `${heading} · ${t.pageTitle} · ${checkout.request.description}`;
