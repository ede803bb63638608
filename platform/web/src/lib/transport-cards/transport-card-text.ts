// How a transport card reads on its pages: its number grouped by four and kept one left-to-right run
// in every language, its last valid day, and the instants of its incident and loadings (on the
// network's clock, as the answer writes them: decision 0038).
import { wallClockDateOf } from '@transit-shop/sdk/time/network-instant';
import { useTranslation } from 'react-i18next';
import { isolatedLtr } from '../saved-methods.ts';

/** "1234 5678 9012 3456", isolated so an Arabic sentence around it does not reorder its groups. */
export const cardNumberText = (number: string) => isolatedLtr(number.replace(/(\d{4})(?=\d)/g, '$1 '));

/** A calendar day (YYYY-MM-DD) and an instant, as dates in the page's language. */
export function useCardDates() {
  const { i18n } = useTranslation();
  // A calendar day is the same everywhere: read at midnight UTC and shown in UTC; an instant's day
  // is the one its network's clock showed, read from the answer's text.
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return {
    formatDay: (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    formatInstant: (text: string) => day.format(wallClockDateOf(text)),
  };
}
