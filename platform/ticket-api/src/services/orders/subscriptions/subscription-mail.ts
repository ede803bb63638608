// Sends a subscriber's email (decision 0043) once the change it tells of has committed: the facts
// read afresh from the subscription, its next renewal and its method, written for the reader in the
// subscription's language and the network's time zone. Queued as a send-mail job where jobs run
// (the mail server's refusals retried), sent at once otherwise.
import type { Locale } from '@transit-shop/sdk/locales';
import { billingInstantOf, firstDayOf, lastDayOf } from '@transit-shop/sdk/subscriptions/renewal-schedule';
import { instantAt } from '@transit-shop/sdk/time/network-clock';
import { and, eq } from 'drizzle-orm';
import { savedPaymentMethods } from '../../../db/schema/payments.ts';
import { subscriptionRenewals, subscriptions } from '../../../db/schema/subscriptions.ts';
import { users } from '../../../db/schema/users.ts';
import { formatEmailDate, formatEmailDateTime, shopLink } from '../../../mail/templates/email-layout.ts';
import { subscriptionEmail } from '../../../mail/templates/subscription-emails.ts';
import { emailLocale } from '../../../tenants/network-locale.ts';
import type { AppDeps } from '../../app-deps.ts';
import { formatMoney } from '../../invoices/invoice-messages.ts';
import { expiryOf, savedMethodLabel } from '../../payment-methods/list-saved-payment-methods.ts';

export type SubscriptionMail =
  | { kind: 'NOTICE'; subscriptionId: number; token: string; previousAmount: number | null }
  | { kind: 'CHARGE_REFUSED' | 'BLOCKED' | 'TERMINATED' | 'NO_LONGER_SOLD'; subscriptionId: number };

export type SubscriptionMailDeps = Pick<
  AppDeps,
  'db' | 'networks' | 'mailer' | 'jobs' | 'logger' | 'shopPort' | 'clock'
>;

/** The shop's page that terminates a subscription by a notice's link (no sign-in). */
export const TERMINATION_LINK_PATH = '/subscription/terminate';

const day = (date: string, timeZone: string) => instantAt(date, '12:00', timeZone);

export async function sendSubscriptionMail(
  deps: SubscriptionMailDeps,
  mail: SubscriptionMail,
): Promise<void> {
  try {
    const message = await subscriptionMessage(deps, mail);
    if (!message) return;
    if (deps.jobs) await deps.jobs.send('send-mail', message);
    else await deps.mailer.sendMail(message);
  } catch (error) {
    deps.logger.error(
      { err: error, subscriptionId: mail.subscriptionId, kind: mail.kind },
      'a subscription email could not be sent',
    );
  }
}

async function subscriptionMessage(deps: SubscriptionMailDeps, mail: SubscriptionMail) {
  const { db } = deps;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, mail.subscriptionId))
    .limit(1);
  if (!subscription) return null;
  const network = deps.networks.settlingById(subscription.networkId);
  const [account] = await db.select().from(users).where(eq(users.id, subscription.userId)).limit(1);
  const to = account?.contactEmail ?? account?.email;
  if (!network || !account || !to) return null;
  const [beneficiary] =
    subscription.customerId === null || subscription.customerId === account.id
      ? [account]
      : await db.select().from(users).where(eq(users.id, subscription.customerId)).limit(1);
  const [renewal] = await db
    .select()
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, subscription.id),
        eq(subscriptionRenewals.period, subscription.nextPeriod),
      ),
    )
    .limit(1);
  const [method] = subscription.savedPaymentMethodId
    ? await db
        .select()
        .from(savedPaymentMethods)
        .where(eq(savedPaymentMethods.id, subscription.savedPaymentMethodId))
        .limit(1)
    : [];
  const timeZone = network.network.config.timeZone;
  const locale = emailLocale(network, subscription.lang) as Locale;
  const date = (iso: string) => formatEmailDate(day(iso, timeZone), locale, network);
  const money = (amount: number) => formatMoney(amount, subscription.currency, locale);
  const billingAt = renewal ? billingInstantOf(renewal.validity, timeZone) : null;
  const port = { port: deps.shopPort };
  // The card must still be valid when the renewal is charged.
  const methodExpiresFirst =
    method !== undefined && billingAt !== null && expiryOf(method, billingAt, timeZone).expired;
  return subscriptionEmail({
    network,
    locale,
    to,
    firstName: account.firstName,
    kind: mail.kind,
    facts: {
      item: subscription.label,
      traveller: [beneficiary?.firstName, beneficiary?.lastName].filter(Boolean).join(' '),
      date: renewal ? date(renewal.renewalDate) : '',
      period: renewal
        ? `${date(firstDayOf(renewal.validity, timeZone))} – ${date(lastDayOf(renewal.validity, timeZone))}`
        : '',
      amount: money(renewal?.amount ?? 0),
      previousAmount:
        mail.kind === 'NOTICE' && mail.previousAmount !== null ? money(mail.previousAmount) : null,
      chargedOn: billingAt ? formatEmailDateTime(billingAt, locale, network) : '',
      method: method ? savedMethodLabel(method) : '',
      methodExpiresFirst,
      retry: renewal?.nextAttemptAt ? formatEmailDateTime(renewal.nextAttemptAt, locale, network) : '',
      endsOn: date(lastDayOf(subscription.paidValidity, timeZone)),
      blockedReason: (subscription.blockedReason as 'PAYMENT_REFUSED' | null) ?? null,
    },
    accountUrl: shopLink(network, locale, `/account/tacit/${subscription.id}`, port),
    terminationUrl:
      mail.kind === 'NOTICE'
        ? shopLink(network, locale, TERMINATION_LINK_PATH, { ...port, query: { token: mail.token } })
        : null,
  });
}
