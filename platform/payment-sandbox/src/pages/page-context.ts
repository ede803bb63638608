// What every view of one checkout needs: the checkout, its texts and its amount as the customer reads it.

import { html } from '@transit-shop/service-kit/html';
import { isCardSetup } from '../protocol/schemas.ts';
import type { Checkout } from '../store/sandbox-store.ts';
import { formatAmount } from './format.ts';
import { type Messages, messagesFor } from './messages.ts';

/** cardSetup: the checkout saves a card and charges nothing, so no view shows an amount to pay. */
export type PageContext = { checkout: Checkout; t: Messages; amount: string; cardSetup: boolean };

export function pageContext(checkout: Checkout): PageContext {
  const { amount, currency } = checkout.request;
  return {
    checkout,
    t: messagesFor(checkout.request.locale),
    amount: formatAmount(amount, currency, checkout.request.locale),
    cardSetup: isCardSetup(checkout.request),
  };
}

export const checkoutSummary = ({ checkout, t, amount, cardSetup }: PageContext) => html`<div class="summary">
<p class="description">${checkout.request.description}</p>
${cardSetup ? '' : html`<p class="amount"><span class="hint">${t.amountLabel}</span> ${amount}</p>`}
</div>`;

/** While a card-saving checkout is open: nothing is charged now, the card serves later payments. */
export const setupHint = ({ t, cardSetup }: PageContext) =>
  cardSetup ? html`<p class="setup-hint">${t.saveCardHint}</p>` : '';

export const pageTitle = ({ checkout, t }: PageContext, heading: string) =>
  `${heading} · ${t.pageTitle} · ${checkout.request.description}`;
