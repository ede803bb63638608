// Reads the vouchers a cart names, with their uses so far and the customer's own, in one query.
import type { DiscountType } from '@transit-shop/sdk/contract/order';
import type { Locale } from '@transit-shop/sdk/locales';
import { pickText } from '@transit-shop/tenancy';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { type VoucherRow, vouchers } from '../../db/schema/vouchers.ts';

/** A voucher as the checks read it, with its uses so far. */
export type VoucherState = {
  code: string;
  /** In the language asked for. */
  label: string;
  type: DiscountType;
  /** Minor units, basis points or units, by type. */
  value: number;
  shopItemIds: readonly number[];
  minimumAmount: number;
  combinable: boolean;
  active: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  uses: number;
  /** This customer's uses; null when the customer is not known (no session). */
  customerUses: number | null;
};

export function toVoucherState(
  row: VoucherRow,
  customerUses: number | null,
  locale: Locale,
  defaultLanguage: Locale,
): VoucherState {
  return {
    code: row.code,
    label: pickText(row.label, locale, defaultLanguage) ?? Object.values(row.label)[0] ?? row.code,
    type: row.type,
    value: row.value,
    shopItemIds: row.shopItemIds,
    minimumAmount: row.minimumAmount,
    combinable: row.combinable,
    active: row.active,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    uses: row.uses,
    customerUses,
  };
}

/** The vouchers of the network with these (normalised) codes, by code. */
export async function findVouchers(options: {
  db: Database;
  networkId: number;
  codes: readonly string[];
  /** The customer whose uses count against maxUsesPerCustomer; null when unknown. */
  userId: number | null;
  locale: Locale;
  defaultLanguage: Locale;
}): Promise<Map<string, VoucherState>> {
  const found = new Map<string, VoucherState>();
  const codes = [...new Set(options.codes)];
  if (codes.length === 0) return found;
  const customerUses: SQL<number | null> =
    options.userId === null
      ? sql<null>`null`
      : // Written with table names: drizzle leaves the columns of a select unqualified.
        sql<number>`(select count(*)::int from voucher_redemptions r
          where r.voucher_id = vouchers.id and r.user_id = ${options.userId})`;
  const rows = await options.db
    .select({ voucher: vouchers, customerUses })
    .from(vouchers)
    .where(and(eq(vouchers.networkId, options.networkId), inArray(vouchers.code, codes)));
  for (const row of rows) {
    found.set(
      row.voucher.code,
      toVoucherState(row.voucher, row.customerUses, options.locale, options.defaultLanguage),
    );
  }
  return found;
}
