// The debits of a payment in instalments (PAY-02): the first on the order day, the next ones on the
// same day of the following months (the last day of a shorter month), in the network's time zone;
// the total split evenly in whole minor units, the remainder on the first debit.
import { localDay } from './start-dates.ts';

const DAY_MS = 86_400_000;

export function instalmentSchedule(options: {
  totalAmount: number;
  installments: number;
  now: Date;
  timeZone: string;
}): { dueDate: string; amount: number }[] {
  const { totalAmount, installments } = options;
  const first = new Date(localDay(options.now, options.timeZone).day * DAY_MS);
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  const day = first.getUTCDate();
  const share = Math.floor(totalAmount / installments);
  const remainder = totalAmount - share * installments;
  return Array.from({ length: installments }, (_, index) => {
    const lastDay = new Date(Date.UTC(year, month + index + 1, 0)).getUTCDate();
    const due = new Date(Date.UTC(year, month + index, Math.min(day, lastDay)));
    return { dueDate: due.toISOString().slice(0, 10), amount: index === 0 ? share + remainder : share };
  });
}
