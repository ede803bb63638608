// The debits of a payment in instalments (PAY-02): the first on the order day, the next ones on the
// same day of the following months (the last day of a shorter month), in the network's time zone;
// the total split evenly in whole minor units, the remainder on the first debit.
import { addCalendarMonths, networkToday } from '@transit-shop/sdk/time/network-clock';

export function instalmentSchedule(options: {
  totalAmount: number;
  installments: number;
  now: Date;
  timeZone: string;
}): { dueDate: string; amount: number }[] {
  const { totalAmount, installments } = options;
  const first = networkToday(options.timeZone, options.now);
  const share = Math.floor(totalAmount / installments);
  const remainder = totalAmount - share * installments;
  return Array.from({ length: installments }, (_, index) => {
    const dueDate = addCalendarMonths(first, index);
    return { dueDate, amount: index === 0 ? share + remainder : share };
  });
}
