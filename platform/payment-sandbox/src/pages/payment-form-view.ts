// The card form and the SEPA mandate form of a checkout's page, with the problems of a failed submission.

import { type Html, html } from '@transit-shop/service-kit/html';
import { formatIban } from '../payments/iban.ts';
import type { CardFormValues, FieldProblems, MandateFormValues } from '../payments/payment-forms.ts';
import { CARD_FIELDS, MANDATE_FIELDS } from '../payments/payment-forms.ts';
import { TEST_CARDS, TEST_IBANS } from '../payments/test-data.ts';
import { checkboxField, errorSummary, textField } from './form-fields.ts';
import { groupDigits, isolate, isolateLtr } from './format.ts';
import { renderPage } from './layout.ts';
import { checkoutSummary, type PageContext, pageTitle, setupHint } from './page-context.ts';

function summaryOf<Field extends string>(
  context: PageContext,
  fields: readonly Field[],
  problems: FieldProblems<Field>,
) {
  const listed = fields.flatMap((field) => {
    const problem = problems[field];
    return problem ? [{ field, message: context.t.problems[problem] }] : [];
  });
  return errorSummary(context.t.errorSummary, listed);
}

function actions(context: PageContext): Html {
  // Pay comes first: Enter in a field submits with the form's first button.
  return html`<div class="actions">
<button type="submit" name="action" value="pay" class="primary">${context.cardSetup ? context.t.saveCard : context.t.pay(context.amount)}</button>
<button type="submit" name="action" value="cancel" class="secondary">${context.t.cancel}</button>
</div>`;
}

const testDataItem = (value: string, outcome: string) =>
  html`<li><span class="number">${value}</span> – ${outcome}</li>`;

function page(context: PageContext, heading: string, body: Html, problemCount: number): string {
  const title =
    problemCount > 0 ? `(${problemCount}) ${pageTitle(context, heading)}` : pageTitle(context, heading);
  return renderPage({
    locale: context.checkout.request.locale,
    t: context.t,
    title,
    body: html`<h1>${heading}</h1>
${checkoutSummary(context)}
${setupHint(context)}
${body}`,
  });
}

export function cardFormPage(
  context: PageContext,
  values: CardFormValues,
  problems: FieldProblems<(typeof CARD_FIELDS)[number]> = {},
): string {
  const { t, checkout } = context;
  const error = (field: (typeof CARD_FIELDS)[number]) => {
    const problem = problems[field];
    return problem ? t.problems[problem] : undefined;
  };
  const body = html`${summaryOf(context, CARD_FIELDS, problems)}
<form method="post" action="/pay/${checkout.id}" novalidate>
<input type="hidden" name="token" value="${checkout.formToken}">
${textField({ name: 'holder', label: t.cardHolder, value: values.holder, error: error('holder'), attributes: html`autocomplete="cc-name" maxlength="100"` })}
${textField({ name: 'number', label: t.cardNumber, value: values.number, error: error('number'), attributes: html`autocomplete="cc-number" inputmode="numeric" dir="ltr" maxlength="23" spellcheck="false"` })}
<div class="row">
${textField({ name: 'expiry', label: t.expiry, hint: t.expiryHint, value: values.expiry, error: error('expiry'), attributes: html`autocomplete="cc-exp" inputmode="numeric" dir="ltr" maxlength="7" spellcheck="false"` })}
${textField({ name: 'cvc', label: t.cvc, hint: t.cvcHint, value: '', error: error('cvc'), attributes: html`autocomplete="cc-csc" inputmode="numeric" dir="ltr" maxlength="4" spellcheck="false"` })}
</div>
${actions(context)}
</form>
<details>
<summary>${t.testData}</summary>
<ul>
${testDataItem(groupDigits(TEST_CARDS.succeeds), t.testOutcomes.succeeds)}
${testDataItem(groupDigits(TEST_CARDS.declined), t.testOutcomes.declined)}
${testDataItem(groupDigits(TEST_CARDS.challenge), `${t.testOutcomes.challenge} (123456)`)}
${testDataItem(groupDigits(TEST_CARDS.declinesLaterCharges), t.testOutcomes.declinesLaterCharges)}
${testDataItem(groupDigits(TEST_CARDS.laterChargesInsufficientFunds), t.testOutcomes.laterChargesInsufficientFunds)}
</ul>
</details>`;
  const heading = context.cardSetup ? t.saveCardHeading : t.cardHeading;
  return page(context, heading, body, Object.keys(problems).length);
}

export function mandateFormPage(
  context: PageContext,
  values: MandateFormValues,
  problems: FieldProblems<(typeof MANDATE_FIELDS)[number]> = {},
): string {
  const { t, checkout } = context;
  const error = (field: (typeof MANDATE_FIELDS)[number]) => {
    const problem = problems[field];
    return problem ? t.problems[problem] : undefined;
  };
  const body = html`${summaryOf(context, MANDATE_FIELDS, problems)}
<form method="post" action="/pay/${checkout.id}" novalidate>
<input type="hidden" name="token" value="${checkout.formToken}">
${textField({ name: 'holder', label: t.accountHolder, value: values.holder, error: error('holder'), attributes: html`autocomplete="name" maxlength="100"` })}
${textField({ name: 'iban', label: t.iban, hint: t.ibanHint(isolateLtr(formatIban(TEST_IBANS.settles[0]))), value: values.iban, error: error('iban'), attributes: html`autocomplete="off" dir="ltr" maxlength="42" spellcheck="false" autocapitalize="characters"` })}
<h2>${t.mandateHeading}</h2>
<div class="mandate">
<p>${t.mandateText(isolate(checkout.request.description))}</p>
<p>${t.mandateReference(isolateLtr(checkout.paymentId))}</p>
</div>
${checkboxField({ name: 'consent', label: t.consent, checked: values.consent, error: error('consent') })}
${actions(context)}
</form>
<details>
<summary>${t.testData}</summary>
<ul>
${TEST_IBANS.settles.map((iban) => testDataItem(formatIban(iban), t.testOutcomes.settles))}
${testDataItem(formatIban(TEST_IBANS.insufficientFunds), t.testOutcomes.insufficientFunds)}
${testDataItem(formatIban(TEST_IBANS.laterDebitsMandateRevoked), t.testOutcomes.laterDebitsMandateRevoked)}
</ul>
</details>`;
  return page(context, t.mandateHeading, body, Object.keys(problems).length);
}
