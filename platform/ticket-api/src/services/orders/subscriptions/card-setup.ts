// A new card for a subscription, saved on the provider's page (Subscriptions/newCard and
// Subscriptions/cardSetup, decision 0043): a zero-amount checkout that saves the card, nothing
// charged. Its notification (merchantReference `card-setup:<id>`) stores the card and renews the
// subscription on it as Subscriptions/updateCard does (a blocked one is unblocked and charged what
// is due). The browser's return reads where it stands; a card refused or a page left changes
// nothing. Each setup moves once, from OPEN, under its row lock: a repeated notification is a no-op.
import {
  CARD_SETUP_PARAM,
  type CardSetupAnswer,
  type CardSetupStatus,
  type StartedCardSetup,
} from '@transit-shop/sdk/contract/subscriptions';
import { AppError } from '@transit-shop/sdk/errors/app-error';
import { and, eq } from 'drizzle-orm';
import { savedPaymentMethods } from '../../../db/schema/payments.ts';
import { subscriptionCardSetups, subscriptions } from '../../../db/schema/subscriptions.ts';
import { emailLocale } from '../../../tenants/network-locale.ts';
import type { SavedMethodDetails } from '../../payments/payment-provider.ts';
import { type CheckoutDeps, notifyUrlOf } from '../checkout-deps.ts';
import { storeSavedMethod } from '../payment-outcome/finalise-order.ts';
import { shopAddressOf } from '../placement/start-payment.ts';
import {
  type Caller,
  chargeWhatIsDue,
  getSubscription,
  ownSubscription,
  switchSubscriptionMethod,
} from './subscription-calls.ts';
import { renewedItemOf } from './subscription-terms.ts';

const REFERENCE_PREFIX = 'card-setup:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The setup a provider's merchantReference names, or null when it names a payment. */
export function cardSetupOfReference(merchantReference: string): string | null {
  if (!merchantReference.startsWith(REFERENCE_PREFIX)) return null;
  const id = merchantReference.slice(REFERENCE_PREFIX.length);
  return UUID.test(id) ? id : null;
}

export async function startCardSetup(
  caller: Caller,
  request: { subscriptionId: number; returnUrl: string },
): Promise<StartedCardSetup> {
  const { deps, network, user } = caller;
  const now = deps.clock.now();
  const row = await ownSubscription(deps.db, caller, request.subscriptionId);
  if (row.status === 'TERMINATED') throw new AppError('SUBSCRIPTION_TERMINATED');
  const accepted = renewedItemOf(network, row)?.paymentOptions.paymentMethods;
  if (accepted !== undefined && !accepted.includes('CARD'))
    throw new AppError('SUBSCRIPTION_METHOD_NOT_USABLE');
  const [setup] = await deps.db
    .insert(subscriptionCardSetups)
    .values({ subscriptionId: row.id, provider: deps.payments.name, createdAt: now, updatedAt: now })
    .returning();
  if (!setup) throw new Error('a card setup was not stored');
  const returnUrl = shopAddressOf(network, request.returnUrl, deps.shopPort);
  returnUrl.searchParams.set(CARD_SETUP_PARAM, setup.id);
  let checkout: Awaited<ReturnType<CheckoutDeps['payments']['createCheckout']>>;
  try {
    checkout = await deps.payments.createCheckout({
      merchantReference: `${REFERENCE_PREFIX}${setup.id}`,
      amount: 0,
      currency: row.currency,
      method: 'CARD',
      saveMethod: true,
      customerReference: user.customerNumber,
      locale: emailLocale(network, user.locale),
      description: `${network.network.config.name}: ${row.label}`.slice(0, 200),
      returnUrl: returnUrl.toString(),
      notifyUrl: notifyUrlOf(deps),
    });
  } catch (error) {
    deps.logger.error({ err: error, subscriptionId: row.id }, 'the payment provider opened no card page');
    throw new AppError('PAYMENT_UNEXPECTED_ERROR');
  }
  await deps.db
    .update(subscriptionCardSetups)
    .set({ providerCheckoutId: checkout.checkoutId, updatedAt: now })
    .where(eq(subscriptionCardSetups.id, setup.id));
  return { setupId: setup.id, redirectUrl: checkout.redirectUrl };
}

const FINAL_STATUS = {
  refused: 'REFUSED',
  cancelled: 'CANCELLED',
  expired: 'EXPIRED',
} as const satisfies Record<string, CardSetupStatus>;

type SetupWord = {
  outcome: 'pending' | 'succeeded' | 'refused' | 'cancelled' | 'expired';
  checkoutId: string | null;
  amount: number;
  savedMethod: SavedMethodDetails | null;
};

/**
 * Applies the provider's word about a setup: a card saved renews the subscription on it; a refusal,
 * a cancelled or expired page ends the setup. Answers what it did, as the notification route tells.
 */
export async function applyCardSetupWord(
  deps: CheckoutDeps,
  setupId: string,
  word: SetupWord,
): Promise<'applied' | 'duplicate' | 'unknown-payment' | 'mismatch'> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const [setup] = await tx
      .select()
      .from(subscriptionCardSetups)
      .where(eq(subscriptionCardSetups.id, setupId))
      .for('update')
      .limit(1);
    if (!setup) return { kind: 'unknown-payment' } as const;
    const card = word.savedMethod?.kind === 'CARD' ? word.savedMethod : null;
    if (
      word.amount !== 0 ||
      (word.checkoutId !== null && word.checkoutId !== setup.providerCheckoutId) ||
      (word.outcome === 'succeeded' && !card)
    )
      return { kind: 'mismatch' } as const;
    if (setup.status !== 'OPEN' || word.outcome === 'pending') return { kind: 'duplicate' } as const;
    const end = (status: CardSetupStatus, savedPaymentMethodId: number | null = null) =>
      tx
        .update(subscriptionCardSetups)
        .set({ status, savedPaymentMethodId, updatedAt: now })
        .where(eq(subscriptionCardSetups.id, setup.id));
    if (word.outcome !== 'succeeded' || !card) {
      await end(FINAL_STATUS[word.outcome === 'succeeded' ? 'refused' : word.outcome]);
      return { kind: 'applied', chargeNow: null } as const;
    }
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, setup.subscriptionId))
      .for('update')
      .limit(1);
    if (!row) return { kind: 'unknown-payment' } as const;
    const methodId = await storeSavedMethod(tx, {
      userId: row.userId,
      networkId: row.networkId,
      provider: setup.provider,
      details: card,
      now,
    });
    const [method] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, methodId ?? 0))
      .limit(1);
    const network = deps.networks.byId(row.networkId);
    if (!method || !network || row.status === 'TERMINATED') {
      // Kept with the customer's methods; nothing left to renew on it (or its network is not served).
      await end('SAVED', method?.id ?? null);
      return { kind: 'applied', chargeNow: null } as const;
    }
    try {
      const due = await switchSubscriptionMethod(tx, { row, method, network, now });
      await end('SAVED', method.id);
      return { kind: 'applied', chargeNow: due ? row.id : null } as const;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A card the subscription cannot be charged to (expired already): the subscription keeps its method.
      await end('REFUSED', method.id);
      return { kind: 'applied', chargeNow: null } as const;
    }
  });
  if (outcome.kind === 'mismatch')
    deps.logger.error(
      { setupId, word },
      'a card setup notification does not match its setup; nothing applied',
    );
  if (outcome.kind === 'applied' && outcome.chargeNow !== null)
    await chargeWhatIsDue(deps, outcome.chargeNow);
  return outcome.kind;
}

/** Where a caller's setup stands; an open one is read at the provider (a page left or refused ends it). */
export async function readCardSetup(
  caller: Caller,
  request: { subscriptionId: number; setupId: string },
): Promise<CardSetupAnswer> {
  const { deps } = caller;
  const row = await ownSubscription(deps.db, caller, request.subscriptionId);
  const [setup] = await deps.db
    .select()
    .from(subscriptionCardSetups)
    .where(
      and(eq(subscriptionCardSetups.id, request.setupId), eq(subscriptionCardSetups.subscriptionId, row.id)),
    )
    .limit(1);
  if (!setup) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (setup.status === 'OPEN' && setup.providerCheckoutId) {
    try {
      const state = await deps.payments.getCheckout(setup.providerCheckoutId);
      // A card saved is known from its notification only (it carries the card); an end is known here too.
      if (state.status === 'refused' || state.status === 'cancelled' || state.status === 'expired')
        await applyCardSetupWord(deps, setup.id, {
          outcome: state.status,
          checkoutId: state.checkoutId,
          amount: state.amount,
          savedMethod: null,
        });
    } catch (error) {
      deps.logger.warn({ err: error, setupId: setup.id }, 'a card setup could not be read at the provider');
    }
  }
  const [after] = await deps.db
    .select({ status: subscriptionCardSetups.status })
    .from(subscriptionCardSetups)
    .where(eq(subscriptionCardSetups.id, setup.id))
    .limit(1);
  return {
    status: after?.status ?? setup.status,
    subscription: await getSubscription(caller, row.id),
  };
}
