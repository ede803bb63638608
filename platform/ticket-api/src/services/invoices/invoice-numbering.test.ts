import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { useTestDatabase } from '../../test-support/test-database.ts';
import { lumiereOrder } from './invoice-test-data.ts';
import { issueInvoice } from './issue-invoice.ts';

const database = useTestDatabase();
const { number: _number, issuedAt: _issuedAt, ...order } = lumiereOrder;
const issueIn = (network: { id: number; invoicePrefix: string }, orderReference: string) =>
  database.current.db.transaction((tx) =>
    issueInvoice(tx, { network, orderReference, issuedAt: new Date('2026-11-23T09:15:00Z'), order }),
  );

describe('invoice numbers', () => {
  it('follow each other from 1 with no gap and no duplicate under 50 concurrent orders', async () => {
    const network = { id: 501, invoicePrefix: 'CON' };
    const issued = await Promise.all(
      Array.from({ length: 50 }, (_, index) => issueIn(network, `order-${index}`)),
    );
    const sequences = issued.map((invoice) => invoice.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(issued.map((invoice) => invoice.number)).size).toBe(50);
    const fiftieth = issued.find((invoice) => invoice.sequence === 50);
    expect(fiftieth?.number).toBe('CON-000050');
    expect(fiftieth?.document.number).toBe('CON-000050');
  });

  it('leave no gap when an order rolls back', async () => {
    const network = { id: 502, invoicePrefix: 'RBK' };
    expect((await issueIn(network, 'order-1')).number).toBe('RBK-000001');
    const failed = database.current.db.transaction(async (tx) => {
      const invoice = await issueInvoice(tx, {
        network,
        orderReference: 'order-2',
        issuedAt: new Date(),
        order,
      });
      expect(invoice.sequence).toBe(2);
      throw new Error('payment refused');
    });
    await expect(failed).rejects.toThrow('payment refused');
    expect((await issueIn(network, 'order-3')).number).toBe('RBK-000002');
  });

  it('are counted per network, and a sequence past six digits keeps all its digits', async () => {
    const first = { id: 503, invoicePrefix: 'ONE' };
    const second = { id: 504, invoicePrefix: 'TWO' };
    const numbers = [];
    for (const [index, network] of [first, second, first, first, second].entries())
      numbers.push((await issueIn(network, `order-${index}`)).number);
    expect(numbers).toEqual(['ONE-000001', 'TWO-000001', 'ONE-000002', 'ONE-000003', 'TWO-000002']);

    await queryRows(
      database.current.db,
      sql`insert into invoice_counters (network_id, last_sequence) values (505, 999999)`,
    );
    expect((await issueIn({ id: 505, invoicePrefix: 'WHT' }, 'order-big')).number).toBe('WHT-1000000');
  });
});
