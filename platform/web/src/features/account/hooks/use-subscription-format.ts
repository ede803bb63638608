// How the subscription pages write what the answers say, in the page's language and on the
// network's calendar and clock (decision 0038): a day (YYYY-MM-DD) and an instant are read from
// their own digits and written in UTC, so neither the browser's time zone nor its time-zone data
// moves them; a period of days is a range, a period of instants ends as shownEndOf shows it.
import type { ValidityPeriod } from '@transit-shop/sdk/catalogue/validity-period';
import { shownEndOf, wallClockDateOf } from '@transit-shop/sdk/time/network-instant';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { priceFormatter } from '../../../lib/catalogue/format-price.ts';

const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

export type SubscriptionFormat = {
  day: (day: string) => string;
  instant: (text: string) => string;
  period: (validity: ValidityPeriod) => string;
  amount: (amount: number, currency: string) => string;
};

export function useSubscriptionFormat(): SubscriptionFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const days = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const times = new Intl.DateTimeFormat(language, {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    return {
      day: (day) => days.format(dayOf(day)),
      instant: (text) => times.format(wallClockDateOf(text)),
      period: (validity) =>
        validity.kind === 'DAYS'
          ? days.formatRange(dayOf(validity.from), dayOf(validity.to))
          : times.formatRange(wallClockDateOf(validity.from), wallClockDateOf(shownEndOf(validity.to))),
      amount: (amount, currency) => priceFormatter(currency, language)(amount),
    };
  }, [language]);
}
