// Brings the voucher table in line with the networks' files (at start and on reload): a voucher is inserted or
// updated by network and code, one gone from its file is switched off, never deleted (its
// redemptions refer to it); the use counts are the database's own and are never touched.

import { storedValueOf, type VoucherDefinition } from '@transit-shop/tenancy/vouchers-file';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { type NewVoucherRow, vouchers } from '../../db/schema/vouchers.ts';

/** The key a code is stored and looked up by. */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();

export async function syncNetworkVouchers(options: {
  db: Database;
  clock: Clock;
  networkId: number;
  vouchers: readonly VoucherDefinition[];
}): Promise<void> {
  const { db, networkId } = options;
  const now = options.clock.now();
  const rows: NewVoucherRow[] = options.vouchers.map((voucher) => ({
    networkId,
    code: normaliseVoucherCode(voucher.code),
    label: voucher.label,
    type: voucher.type,
    value: storedValueOf(voucher),
    shopItemIds: [...voucher.shopItemIds],
    minimumAmount: voucher.minimumAmount,
    combinable: voucher.combinable,
    active: voucher.active,
    validFrom: voucher.validFrom ? new Date(voucher.validFrom) : null,
    validUntil: voucher.validUntil ? new Date(voucher.validUntil) : null,
    maxUses: voucher.maxUses,
    maxUsesPerCustomer: voucher.maxUsesPerCustomer,
    createdAt: now,
    updatedAt: now,
  }));
  // In code order: two replicas writing the same file lock its rows in the same order.
  rows.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const { networkId: _network, code: _code, createdAt: _created, ...changes } = row;
      await tx
        .insert(vouchers)
        .values(row)
        .onConflictDoUpdate({ target: [vouchers.networkId, vouchers.code], set: changes });
    }
    const kept = rows.map((row) => row.code);
    await tx
      .update(vouchers)
      .set({ active: false, updatedAt: now })
      .where(
        and(
          eq(vouchers.networkId, networkId),
          eq(vouchers.active, true),
          kept.length > 0 ? notInArray(vouchers.code, kept) : undefined,
        ),
      );
  });
}

/** Syncs every network whose file was read. */
export async function syncVouchers(options: {
  db: Database;
  clock: Clock;
  vouchers: ReadonlyMap<number, readonly VoucherDefinition[]>;
}): Promise<void> {
  for (const [networkId, definitions] of options.vouchers) {
    await syncNetworkVouchers({ db: options.db, clock: options.clock, networkId, vouchers: definitions });
  }
}
