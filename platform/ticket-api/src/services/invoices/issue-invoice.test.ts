import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/invoices.ts';
import { useTestDatabase } from '../../test-support/test-database.ts';
import { invoiceDocumentSchema } from './invoice-document.ts';
import { lumiereOrder } from './invoice-test-data.ts';
import { issueInvoice } from './issue-invoice.ts';

const database = useTestDatabase();
const { number: _number, issuedAt: _issuedAt, ...order } = lumiereOrder;
const network = { id: 601, invoicePrefix: 'LUM' };
const issue = (orderReference: string) =>
  database.current.db.transaction((tx) =>
    issueInvoice(tx, { network, orderReference, issuedAt: new Date('2026-11-23T09:15:00Z'), order }),
  );

describe('issuing an order invoice', () => {
  it('numbers it, keeps its document and answers the same invoice for the same order', async () => {
    const first = await issue('order-1');
    expect(first.number).toBe('LUM-000001');
    expect(first.document).toMatchObject({ number: 'LUM-000001', issuedAt: '2026-11-23T09:15:00.000Z' });
    expect(await issue('order-1')).toEqual(first);
    expect((await issue('order-2')).number).toBe('LUM-000002');
    const [row] = await database.current.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderReference, 'order-1'));
    expect(invoiceDocumentSchema.parse(row?.document).totals.inclTax).toBe(59_450);
  });

  it('leaves no number taken and no invoice kept when the order rolls back', async () => {
    const failed = database.current.db.transaction(async (tx) => {
      await issueInvoice(tx, { network, orderReference: 'order-3', issuedAt: new Date(), order });
      throw new Error('payment refused');
    });
    await expect(failed).rejects.toThrow('payment refused');
    expect((await issue('order-4')).number).toBe('LUM-000003');
    const rows = await database.current.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderReference, 'order-3'));
    expect(rows).toEqual([]);
  });
});
