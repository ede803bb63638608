// The hosted payment page: GET /pay/:id and the POSTs of its card, mandate and challenge forms.
import { type Context, Hono } from 'hono';
import { sameSecret } from '../http/constant-time.ts';
import { contentSecurityPolicy } from '../http/security-headers.ts';
import { checkoutStatus, paymentOf } from '../payments/checkout-state.ts';
import {
  answerChallenge,
  cancelCheckout,
  type PageStep,
  payByCard,
  signMandate,
} from '../payments/pay-checkout.ts';
import { checkCardForm, checkMandateForm } from '../payments/payment-forms.ts';
import type { SandboxDeps } from '../payments/sandbox-deps.ts';
import { checkoutIdSchema } from '../protocol/schemas.ts';
import type { Checkout } from '../store/sandbox-store.ts';
import { MESSAGES } from './messages.ts';
import { challengePage, messagePage, outcomePage } from './outcome-views.ts';
import { pageContext } from './page-context.ts';
import { cardFormPage, mandateFormPage } from './payment-form-view.ts';
import { returnUrlWithOutcome } from './return-url.ts';

type Form = Record<string, string | File | (string | File)[]>;

/** A text field of a posted form; anything else (absent, a file, repeated) reads as empty. */
const text = (form: Form, name: string) => {
  const value = form[name];
  return typeof value === 'string' ? value.slice(0, 200) : '';
};

function answerPage(
  c: Context,
  checkout: Checkout | null,
  body: string,
  status: 200 | 403 | 404 | 422 = 200,
) {
  const returnOrigin = checkout ? [new URL(checkout.request.returnUrl).origin] : [];
  c.header('content-security-policy', contentSecurityPolicy(returnOrigin));
  c.header('content-language', checkout?.request.locale ?? 'en');
  return c.html(body, status);
}

export function pageRoutes(deps: SandboxDeps) {
  const app = new Hono();

  const findCheckout = (id: string) =>
    checkoutIdSchema.safeParse(id).success ? (deps.store.checkouts.get(id) ?? null) : null;

  const notFound = (c: Context) => answerPage(c, null, messagePage('en', MESSAGES.en.notFound), 404);

  const showCheckout = (c: Context, checkout: Checkout) => {
    const context = pageContext(checkout);
    const status = checkoutStatus(deps, checkout);
    if (status === 'open') {
      if (checkout.challenge)
        return answerPage(c, checkout, challengePage(context, checkout.challenge.last4));
      const page =
        checkout.request.method === 'CARD'
          ? cardFormPage(context, { holder: '', number: '', expiry: '', cvc: '' })
          : mandateFormPage(context, { holder: '', iban: '', consent: false });
      return answerPage(c, checkout, page);
    }
    const { reason } = paymentOf(deps, checkout);
    const returnHref = returnUrlWithOutcome(checkout.request.returnUrl, checkout.id, status);
    return answerPage(c, checkout, outcomePage(context, { status, reason, returnHref }));
  };

  /** After an outcome: the notification's first attempt, then the shop's returnUrl. */
  const afterStep = async (c: Context, checkout: Checkout, step: PageStep) => {
    if (step.kind === 'challenge') return c.redirect(`/pay/${checkout.id}`, 303);
    await step.delivery;
    const status = checkoutStatus(deps, checkout);
    return c.redirect(returnUrlWithOutcome(checkout.request.returnUrl, checkout.id, status), 303);
  };

  /**
   * The checks every form post passes: a known checkout and the page's own form token (a form
   * posted from another site does not have it).
   */
  const readPost = async (c: Context) => {
    const form = (await c.req.parseBody({ all: false })) as Form;
    const checkout = findCheckout(c.req.param('id') ?? '');
    if (!checkout) return { answer: notFound(c) } as const;
    if (!sameSecret(text(form, 'token'), checkout.formToken)) {
      return {
        answer: answerPage(
          c,
          checkout,
          messagePage(checkout.request.locale, MESSAGES[checkout.request.locale].staleForm),
          403,
        ),
      } as const;
    }
    return { form, checkout } as const;
  };

  // Checked after the last await of a post, so that nothing runs between the check and the payment.
  const isOpen = (checkout: Checkout) => checkoutStatus(deps, checkout) === 'open';
  const showState = (c: Context, checkout: Checkout) => c.redirect(`/pay/${checkout.id}`, 303);

  app.get('/:id', (c) => {
    const checkout = findCheckout(c.req.param('id'));
    return checkout ? showCheckout(c, checkout) : notFound(c);
  });

  app.post('/:id', async (c) => {
    const post = await readPost(c);
    if ('answer' in post) return post.answer;
    const { form, checkout } = post;
    // A finished checkout, or one whose challenge is on its way: this form is no longer the page's.
    if (!isOpen(checkout) || checkout.challenge) return showState(c, checkout);
    if (text(form, 'action') === 'cancel') return afterStep(c, checkout, cancelCheckout(deps, checkout));

    const context = pageContext(checkout);
    if (checkout.request.method === 'CARD') {
      const values = {
        holder: text(form, 'holder'),
        number: text(form, 'number'),
        expiry: text(form, 'expiry'),
        cvc: text(form, 'cvc'),
      };
      const checked = checkCardForm(values, deps.clock.now());
      if (!checked.ok) return answerPage(c, checkout, cardFormPage(context, values, checked.problems), 422);
      return afterStep(c, checkout, payByCard(deps, checkout, checked.value));
    }
    const values = {
      holder: text(form, 'holder'),
      iban: text(form, 'iban'),
      consent: text(form, 'consent') !== '',
    };
    const checked = checkMandateForm(values);
    if (!checked.ok) return answerPage(c, checkout, mandateFormPage(context, values, checked.problems), 422);
    return afterStep(c, checkout, signMandate(deps, checkout, checked.value));
  });

  app.post('/:id/challenge', async (c) => {
    const post = await readPost(c);
    if ('answer' in post) return post.answer;
    const { form, checkout } = post;
    if (!isOpen(checkout) || !checkout.challenge) return showState(c, checkout);
    const code = text(form, 'action') === 'cancel' ? null : text(form, 'code');
    return afterStep(c, checkout, answerChallenge(deps, checkout, code));
  });

  return app;
}
