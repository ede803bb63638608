// Whether an article's start is one the cart proposes (PIVOT-01, PIVOT-02, PIVOT-04, decision 0016):
// a 15-minute slot from now over startProposals days, a Monday over startProposals weeks, in the
// network's time zone; a month among the sdk's own month proposals (startProposalsOf), so the
// server takes exactly the months the cart offers, the next one first on a month's last days
// (decision 0027). A pivot article without such a start cannot be priced: 'Cannot compute article
// start date' (PIVOT-03).
import { startProposalsOf } from '@transit-shop/sdk/catalogue/start-dates';
import type { PivotType } from '@transit-shop/sdk/contract/catalogue';

const SLOT_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day of an instant in a time zone: a day number (days since 1970-01-01), month index, weekday. */
export function localDay(instant: Date, timeZone: string): { day: number; month: number; weekday: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  return {
    day: Date.UTC(year, month - 1, Number(parts.day)) / DAY_MS,
    month: year * 12 + month - 1,
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** The startMonths (YYYY-MM) the cart proposes at `now`; none when they cannot be computed. */
function monthsProposed(count: number, now: Date, timeZone: string): string[] {
  try {
    const proposals = startProposalsOf(
      { pivotType: 'MONTH_PIVOT', startProposals: count },
      { now, timeZone },
    );
    return proposals?.pivotType === 'MONTH_PIVOT' ? proposals.months.map((month) => month.startMonth) : [];
  } catch {
    return [];
  }
}

export type StartChoice = { startMonth: string | null; startingAt: string | null };
export type StartRules = { pivotType: PivotType | null; startProposals: number | null };

/** Whether the article's start can be computed and is one of the proposals; true for an item without pivot. */
export function isProposedStart(item: StartRules, choice: StartChoice, now: Date, timeZone: string): boolean {
  if (item.pivotType === null) return true;
  const proposals = Math.max(1, item.startProposals ?? 1);
  const today = localDay(now, timeZone);

  if (item.pivotType === 'MONTH_PIVOT') {
    let month: string;
    if (choice.startMonth !== null) {
      month = choice.startMonth;
    } else if (choice.startingAt !== null) {
      const index = localDay(new Date(choice.startingAt), timeZone).month;
      month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
    } else {
      return false;
    }
    return monthsProposed(proposals, now, timeZone).includes(month);
  }

  if (choice.startingAt === null) return false;
  const start = new Date(choice.startingAt);
  const chosen = localDay(start, timeZone);
  if (item.pivotType === 'DAY_PIVOT') {
    // Every time zone's offset is a whole number of quarter hours: a UTC slot is a local one.
    const onSlot = start.getTime() % SLOT_MS === 0;
    const currentSlot = now.getTime() - (now.getTime() % SLOT_MS);
    return (
      onSlot &&
      start.getTime() >= currentSlot &&
      chosen.day >= today.day &&
      chosen.day < today.day + proposals
    );
  }
  const monday = today.day - (today.weekday - 1);
  return chosen.weekday === 1 && chosen.day >= monday && chosen.day < monday + 7 * proposals;
}
