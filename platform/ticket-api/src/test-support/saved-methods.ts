// A payment method saved by an earlier payment, written as finalise-order writes it: a Visa card
// ending 4242 unless the test says otherwise.
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { type SavedPaymentMethodRow, savedPaymentMethods } from '../db/schema/payments.ts';

type Saved = typeof savedPaymentMethods.$inferInsert;

export const testProviderToken = () => `pm_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

export async function storeSavedMethod(
  db: Database,
  owner: { userId: number; networkId: number; now: Date },
  values: Partial<Saved> = {},
): Promise<SavedPaymentMethodRow> {
  const [row] = await db
    .insert(savedPaymentMethods)
    .values({
      userId: owner.userId,
      networkId: owner.networkId,
      provider: 'sandbox',
      providerToken: testProviderToken(),
      kind: 'CARD',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      holder: 'Ada Lovelace',
      createdAt: owner.now,
      updatedAt: owner.now,
      ...values,
    })
    .returning();
  if (!row) throw new Error('the saved method was not stored');
  return row;
}
