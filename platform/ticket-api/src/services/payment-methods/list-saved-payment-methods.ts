// Account/getCards.json: the caller's saved cards and bank accounts on the call's network (PAY-01),
// as the checkout offers them: a label with only the last four digits, the expiry flags in the
// network's time zone, the bookmark, whether later instalments or a tacit subscription are still
// charged to it and so whether it may be removed (PM-01). The provider's token never leaves this service. A guest has
// none (AUTH-04, decision 0019).
import {
  EXPIRING_SOON_MONTHS,
  type SavedPaymentMethodAnswer,
} from '@transit-shop/sdk/contract/payment-methods';
import { wallClockOf } from '@transit-shop/sdk/time/network-clock';
import type { LoadedNetwork } from '@transit-shop/tenancy';
import { and, desc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { instalments, type SavedPaymentMethodRow, savedPaymentMethods } from '../../db/schema/payments.ts';
import { subscriptions } from '../../db/schema/subscriptions.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { callersLiveMethods, INSTALMENTS_STILL_DUE } from './saved-method-scope.ts';

type SavedMethodKind = SavedPaymentMethodRow['kind'];

/** Four masked characters: what stands for each hidden group of a number. */
const HIDDEN_GROUP = '••••';

/** Months since year 0 of an instant's local month, so two months compare as numbers. */
function localMonthIndex(instant: Date, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  return wall.year * 12 + wall.month - 1;
}

/** A card is valid to the end of its expiry month; a bank account does not expire. */
export function expiryOf(
  method: Pick<SavedPaymentMethodRow, 'expMonth' | 'expYear'>,
  now: Date,
  timeZone: string,
): { expired: boolean; expiringSoon: boolean } {
  if (method.expMonth === null || method.expYear === null) return { expired: false, expiringSoon: false };
  const monthsLeft = method.expYear * 12 + (method.expMonth - 1) - localMonthIndex(now, timeZone);
  return { expired: monthsLeft < 0, expiringSoon: monthsLeft >= 0 && monthsLeft <= EXPIRING_SOON_MONTHS };
}

/** Spec 01: a card's number grouped by 4 and its expiry; an IBAN masked but for its last four. */
export function savedMethodLabel(
  method: Pick<SavedPaymentMethodRow, 'kind' | 'last4' | 'expMonth' | 'expYear'>,
): string {
  if (method.kind === 'TRANSFER') return `IBAN ${HIDDEN_GROUP} ${method.last4}`;
  const number = `${HIDDEN_GROUP} ${HIDDEN_GROUP} ${HIDDEN_GROUP} ${method.last4}`;
  if (method.expMonth === null || method.expYear === null) return number;
  const expiry = `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear % 100).padStart(2, '0')}`;
  return `${number} · ${expiry}`;
}

export async function listSavedPaymentMethods(options: {
  db: Database;
  network: LoadedNetwork;
  user: UserRow;
  /** The kinds asked for; every kind when absent. */
  methods?: readonly SavedMethodKind[] | undefined;
  now: Date;
}): Promise<{ cards: SavedPaymentMethodAnswer[] }> {
  const { db, network, user, now } = options;
  if (user.status === 'GUEST') return { cards: [] };
  const config = network.network.config;
  const rows = await db
    .select()
    .from(savedPaymentMethods)
    .where(
      and(
        callersLiveMethods({ user, network }),
        options.methods ? inArray(savedPaymentMethods.kind, [...options.methods]) : undefined,
      ),
    )
    .orderBy(
      desc(savedPaymentMethods.bookmarked),
      desc(savedPaymentMethods.createdAt),
      desc(savedPaymentMethods.id),
    );
  if (rows.length === 0) return { cards: [] };

  const inUse = await db
    .selectDistinct({ id: instalments.savedPaymentMethodId })
    .from(instalments)
    .where(
      and(
        inArray(
          instalments.savedPaymentMethodId,
          rows.map((row) => row.id),
        ),
        inArray(instalments.status, [...INSTALMENTS_STILL_DUE]),
      ),
    );
  const usedForInstalments = new Set(inUse.map((row) => row.id));
  const renewing = await db
    .selectDistinct({ id: subscriptions.savedPaymentMethodId })
    .from(subscriptions)
    .where(
      and(
        inArray(
          subscriptions.savedPaymentMethodId,
          rows.map((row) => row.id),
        ),
        inArray(subscriptions.status, ['ACTIVE', 'BLOCKED']),
      ),
    );
  const usedForSubscriptions = new Set(renewing.map((row) => row.id));

  return {
    cards: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      label: savedMethodLabel(row),
      brand: row.kind === 'CARD' ? row.brand : null,
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
      ...expiryOf(row, now, config.timeZone),
      isBookmarked: row.bookmarked,
      usedForInstalments: usedForInstalments.has(row.id),
      usedForSubscriptions: usedForSubscriptions.has(row.id),
      locked: usedForInstalments.has(row.id) || usedForSubscriptions.has(row.id),
    })),
  };
}
