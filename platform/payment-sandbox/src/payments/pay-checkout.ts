// What the customer does on a checkout's page: pay by card, answer the challenge, sign a mandate, cancel.
import type { AttemptResult } from '../notifications/notifier.ts';
import { newId } from '../store/ids.ts';
import type { ChallengedCard, Checkout } from '../store/sandbox-store.ts';
import { paymentOf } from './checkout-state.ts';
import { finishPayment, submitDebit } from './payment-events.ts';
import type { CheckedCard, CheckedMandate } from './payment-forms.ts';
import type { SandboxDeps } from './sandbox-deps.ts';
import { CHALLENGE_CODE, cardBehaviour, ibanBehaviour } from './test-data.ts';

/** The page either has an outcome (and a notification on its way) or asks for the challenge code. */
export type PageStep = { kind: 'finished'; delivery: Promise<AttemptResult> } | { kind: 'challenge' };

function cardSucceeds(deps: SandboxDeps, checkout: Checkout, card: ChallengedCard): PageStep {
  const payment = paymentOf(deps, checkout);
  if (checkout.request.saveMethod) {
    const { chargeRefusal, ...method } = card;
    payment.methodToSave = {
      method: { token: newId('pm'), ...method },
      chargeRefusal,
      settlement: null,
      revokedAt: null,
    };
  }
  return { kind: 'finished', delivery: finishPayment(deps, payment, { status: 'succeeded' }) };
}

export function payByCard(deps: SandboxDeps, checkout: Checkout, card: CheckedCard): PageStep {
  const behaviour = cardBehaviour(card.number);
  const { number: _number, ...details } = card;
  const challenged: ChallengedCard = { kind: 'CARD', ...details, chargeRefusal: null };
  switch (behaviour.kind) {
    case 'challenge':
      checkout.challenge = challenged;
      return { kind: 'challenge' };
    case 'succeeds':
      return cardSucceeds(deps, checkout, { ...challenged, chargeRefusal: behaviour.chargeRefusal });
    case 'refused': {
      const delivery = finishPayment(deps, paymentOf(deps, checkout), {
        status: 'refused',
        reason: behaviour.reason,
      });
      return { kind: 'finished', delivery };
    }
  }
}

/** The challenge's answer: the right code approves; anything else, or giving up, refuses. */
export function answerChallenge(deps: SandboxDeps, checkout: Checkout, code: string | null): PageStep {
  const card = checkout.challenge;
  checkout.challenge = null;
  if (card && code?.trim() === CHALLENGE_CODE) return cardSucceeds(deps, checkout, card);
  const delivery = finishPayment(deps, paymentOf(deps, checkout), {
    status: 'refused',
    reason: 'authentication_failed',
  });
  return { kind: 'finished', delivery };
}

export function signMandate(deps: SandboxDeps, checkout: Checkout, mandate: CheckedMandate): PageStep {
  const payment = paymentOf(deps, checkout);
  const behaviour = ibanBehaviour(mandate.iban);
  if (!behaviour) {
    const delivery = finishPayment(deps, payment, { status: 'refused', reason: 'iban_not_supported' });
    return { kind: 'finished', delivery };
  }
  if (checkout.request.saveMethod) {
    payment.methodToSave = {
      method: {
        token: newId('pm'),
        kind: 'TRANSFER',
        ibanLast4: mandate.iban.slice(-4),
        holder: mandate.holder,
      },
      chargeRefusal: null,
      settlement: behaviour.laterDebits,
      revokedAt: null,
    };
  }
  return { kind: 'finished', delivery: submitDebit(deps, payment, behaviour.debit) };
}

export function cancelCheckout(deps: SandboxDeps, checkout: Checkout): PageStep {
  checkout.challenge = null;
  return {
    kind: 'finished',
    delivery: finishPayment(deps, paymentOf(deps, checkout), { status: 'cancelled' }),
  };
}
