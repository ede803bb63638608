// How a transport card reads on its pages: its number grouped by four and kept one left-to-right run
// in every language, its last valid day, and the instants of its incident and loadings.
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../bootstrap-context.tsx';
import { isolatedLtr } from '../saved-methods.ts';

/** "1234 5678 9012 3456", isolated so an Arabic sentence around it does not reorder its groups. */
export const cardNumberText = (number: string) => isolatedLtr(number.replace(/(\d{4})(?=\d)/g, '$1 '));

/** A calendar day (YYYY-MM-DD) and an instant, as dates in the page's language. */
export function useCardDates() {
  const { i18n } = useTranslation();
  const { network } = useBootstrap();
  // A calendar day is the same everywhere: read at midnight UTC and shown in UTC.
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  const instant = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: network.timeZone });
  return {
    formatDay: (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`)),
    formatInstant: (iso: string) => instant.format(new Date(iso)),
  };
}
