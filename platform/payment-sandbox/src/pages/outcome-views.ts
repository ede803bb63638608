// The pages of a checkout that cannot be paid (any more): the challenge, an outcome, expiry, a stale form.

import { html } from '@transit-shop/service-kit/html';
import type { CheckoutStatus, Locale, RefusalReason } from '../protocol/schemas.ts';
import { renderPage } from './layout.ts';
import { MESSAGES } from './messages.ts';
import { checkoutSummary, type PageContext, pageTitle, setupHint } from './page-context.ts';

export function challengePage(context: PageContext, last4: string): string {
  const { t, checkout } = context;
  return renderPage({
    locale: checkout.request.locale,
    t,
    title: pageTitle(context, t.challengeHeading),
    body: html`<h1>${t.challengeHeading}</h1>
${checkoutSummary(context)}
${setupHint(context)}
<p>${t.challengeText(last4)}</p>
<form method="post" action="/pay/${checkout.id}/challenge" novalidate>
<input type="hidden" name="token" value="${checkout.formToken}">
<div class="field">
<label for="code">${t.challengeCode}</label>
<span class="hint" id="code-hint">${t.challengeHint}</span>
<input type="text" id="code" name="code" value="" required aria-describedby="code-hint" autocomplete="one-time-code" inputmode="numeric" dir="ltr" maxlength="6" spellcheck="false">
</div>
<div class="actions">
<button type="submit" name="action" value="confirm" class="primary">${t.confirm}</button>
<button type="submit" name="action" value="cancel" class="secondary">${t.cancel}</button>
</div>
</form>`,
  });
}

/** A finished, pending or expired checkout: what happened, and the way back to the shop. */
export function outcomePage(
  context: PageContext,
  outcome: { status: Exclude<CheckoutStatus, 'open'>; reason: RefusalReason | null; returnHref: string },
) {
  const { t, checkout, cardSetup } = context;
  const { status, reason, returnHref } = outcome;
  const heading = cardSetup && status !== 'pending' ? t.setupOutcomes[status] : t.outcomes[status];
  const detail =
    status === 'pending'
      ? t.pendingText
      : status === 'expired'
        ? t.expiredText
        : status === 'refused' && reason
          ? t.reasons[reason]
          : null;
  return renderPage({
    locale: checkout.request.locale,
    t,
    title: pageTitle(context, heading),
    body: html`<h1 class="status-${status}">${heading}</h1>
${checkoutSummary(context)}
${detail ? html`<p>${detail}</p>` : ''}
<div class="actions"><a class="button primary" href="${returnHref}">${t.backToShop}</a></div>`,
  });
}

/** A page with one sentence: an unknown checkout (in English, no locale being known) or a stale form. */
export function messagePage(locale: Locale, text: string): string {
  const t = MESSAGES[locale];
  return renderPage({ locale, t, title: t.pageTitle, body: html`<h1>${t.pageTitle}</h1><p>${text}</p>` });
}
