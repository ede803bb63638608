// The start of the validity, among the item's proposals on the network's clock (PIVOT-01, 02, 04): a
// day then a 15-minute slot, a week (from its Monday) or a month (from its first, saying how many
// days it covers), in the sdk's order: the current one first, but the next month first on a month's
// last days (decision 0027). Times are shown on the network's clock, whatever the visitor's own; on
// the night clocks go back, the hour shown twice carries its UTC offset. The choice is a day and a
// time (StartChoice), never an instant: the server derives it with its own zone data (decision 0038).
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import {
  isSameStart,
  monthChoiceOf,
  type StartChoice,
  type StartProposals,
  type StartSlot,
  slotChoiceOf,
  startProposalsOf,
  weekChoiceOf,
} from '@transit-shop/sdk/catalogue/start-dates';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/use-hydrated.ts';

/**
 * The item's start proposals, proposed once, when the page opens in the browser: a slot that
 * passes while the visitor hesitates stays choosable. The server's render of the page (decision
 * 0034) and the render that takes it over propose nothing yet (`pending`): the server's clock
 * is not the visitor's, and a page it rendered may be served hours later. The error of an item
 * whose proposals cannot be made.
 */
export function useStartProposals(
  item: ShopItem,
  timeZone: string,
): { proposals: StartProposals | null; error: unknown; pending: boolean } {
  const hydrated = useHydrated();
  const [openedAt, setOpenedAt] = useState<Date | null>(null);
  // Set while rendering: a page the browser renders itself proposes from its first render.
  if (hydrated && openedAt === null) setOpenedAt(new Date());
  return useMemo(() => {
    if (openedAt === null) return { proposals: null, error: null, pending: item.pivotType !== null };
    try {
      return { proposals: startProposalsOf(item, { now: openedAt, timeZone }), error: null, pending: false };
    } catch (error) {
      return { proposals: null, error, pending: false };
    }
  }, [item, openedAt, timeZone]);
}

/** Proposals of the item's kind, with nothing to choose yet: the choice's room, kept while it waits. */
export function awaitedProposals(pivotType: NonNullable<ShopItem['pivotType']>): StartProposals {
  if (pivotType === 'MONTH_PIVOT') return { pivotType, months: [] };
  if (pivotType === 'WEEK_PIVOT') return { pivotType, weeks: [] };
  return { pivotType, days: [] };
}

/** The calendar day (YYYY-MM-DD, network's calendar) the chosen start falls on, when proposed. */
export function startDayOf(proposals: StartProposals | null, choice: StartChoice): string | null {
  if (!proposals) return null;
  if (proposals.pivotType === 'MONTH_PIVOT')
    return proposals.months.find((month) => month.startMonth === choice.startMonth)?.date ?? null;
  if (proposals.pivotType === 'WEEK_PIVOT')
    return proposals.weeks.find((week) => week.date === choice.startDate)?.date ?? null;
  return (
    proposals.days.find((day) => day.slots.some((slot) => isSameStart(slotChoiceOf(day.date, slot), choice)))
      ?.date ?? null
  );
}

/** A calendar day formatted as such: read at noon UTC, so no time zone moves it. */
const calendarDay = (date: string) => new Date(`${date}T12:00:00Z`);
/** A time of the network's clock formatted as such, on a day of the UTC calendar. */
const wallTime = (time: string) => new Date(`2000-01-01T${time}:00Z`);
/** A slot's option: its time, and the offset that tells apart a time the clocks show twice. */
const slotKey = (slot: Pick<StartChoice, 'startTime' | 'startOffset'>) =>
  `${slot.startTime ?? ''}${slot.startOffset ?? ''}`;

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}

export function StartDateChoice({
  proposals,
  value,
  onChange,
}: {
  proposals: StartProposals;
  value: StartChoice;
  onChange: (next: StartChoice) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // Days and times as the proposals give them on the network's calendar and clock, written in UTC
  // so that the browser's own zone moves nothing.
  const formats = useMemo(
    () => ({
      day: new Intl.DateTimeFormat(locale, {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        timeZone: 'UTC',
      }),
      week: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }),
      month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
      time: new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
    }),
    [locale],
  );

  if (proposals.pivotType === 'MONTH_PIVOT') {
    return (
      <Choice
        label={t('products.start.month')}
        value={value.startMonth ?? ''}
        options={proposals.months.map((month) => ({
          value: month.startMonth,
          label: t('products.start.monthDays', {
            month: formats.month.format(calendarDay(month.date)),
            count: month.days,
          }),
        }))}
        onChange={(startMonth) => onChange(monthChoiceOf({ startMonth }))}
      />
    );
  }
  if (proposals.pivotType === 'WEEK_PIVOT') {
    return (
      <Choice
        label={t('products.start.week')}
        value={value.startDate ?? ''}
        options={proposals.weeks.map((week) => ({
          value: week.date,
          label: t('products.start.weekOf', { date: formats.week.format(calendarDay(week.date)) }),
        }))}
        onChange={(date) => onChange(weekChoiceOf({ date }))}
      />
    );
  }
  const days = proposals.days.filter((day) => day.slots.length > 0);
  const chosenDay = days.find((day) => day.date === value.startDate) ?? days[0];
  const choiceOf = (slot: StartSlot) => slotChoiceOf(chosenDay?.date ?? '', slot);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '3fr 2fr' }, gap: 2 }}>
      <Choice
        label={t('products.start.day')}
        value={chosenDay?.date ?? ''}
        options={days.map((day) => ({ value: day.date, label: formats.day.format(calendarDay(day.date)) }))}
        onChange={(date) => {
          const day = days.find((candidate) => candidate.date === date);
          const [first] = day?.slots ?? [];
          if (day && first) onChange(slotChoiceOf(day.date, first));
        }}
      />
      <Choice
        label={t('products.start.time')}
        value={slotKey(value)}
        options={(chosenDay?.slots ?? []).map((slot) => {
          const time = formats.time.format(wallTime(slot.localTime));
          return {
            value: slotKey(choiceOf(slot)),
            label: slot.shownTwice ? `${time} (UTC${slot.utcOffset})` : time,
          };
        })}
        onChange={(key) => {
          const slot = chosenDay?.slots.find((candidate) => slotKey(choiceOf(candidate)) === key);
          if (slot) onChange(choiceOf(slot));
        }}
      />
    </Box>
  );
}
