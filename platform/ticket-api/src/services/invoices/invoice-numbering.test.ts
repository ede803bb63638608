import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test-support/test-database.ts';
import { allocateInvoiceNumber, formatInvoiceNumber } from './invoice-numbering.ts';

const database = useTestDatabase();

describe('ORD-04 invoice numbers', () => {
  it('are the prefix and the sequence on six digits', () => {
    expect(formatInvoiceNumber('LUM', 42)).toBe('LUM-000042');
    expect(formatInvoiceNumber('WHT', 1_234_567)).toBe('WHT-1234567');
  });

  it('follow each other from 1 with no gap and no duplicate under 50 concurrent orders', async () => {
    const db = database.current.db;
    const network = { id: 501, invoicePrefix: 'CON' };
    const allocated = await Promise.all(
      Array.from({ length: 50 }, () => db.transaction((tx) => allocateInvoiceNumber(tx, network))),
    );
    const sequences = allocated.map((a) => a.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(allocated.map((a) => a.number)).size).toBe(50);
    expect(allocated.find((a) => a.sequence === 50)?.number).toBe('CON-000050');
  });

  it('leave no gap when an order rolls back', async () => {
    const db = database.current.db;
    const network = { id: 502, invoicePrefix: 'RBK' };
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, network))).toEqual({
      number: 'RBK-000001',
      sequence: 1,
    });
    const failed = db.transaction(async (tx) => {
      expect((await allocateInvoiceNumber(tx, network)).sequence).toBe(2);
      throw new Error('payment refused');
    });
    await expect(failed).rejects.toThrow('payment refused');
    expect(await db.transaction((tx) => allocateInvoiceNumber(tx, network))).toEqual({
      number: 'RBK-000002',
      sequence: 2,
    });
  });

  it('are counted per network', async () => {
    const db = database.current.db;
    const first = { id: 503, invoicePrefix: 'ONE' };
    const second = { id: 504, invoicePrefix: 'TWO' };
    const numbers = [];
    for (const network of [first, second, first, first, second])
      numbers.push((await db.transaction((tx) => allocateInvoiceNumber(tx, network))).number);
    expect(numbers).toEqual(['ONE-000001', 'TWO-000001', 'ONE-000002', 'ONE-000003', 'TWO-000002']);
  });
});
