// An instant of an answer as a date and time on the network's clock, in the page's language: the
// wall clock the server wrote with the network's UTC offset (decision 0038), read from the answer's
// own digits, never from the browser's time-zone data, which may disagree with the server's.
import { wallClockDateOf } from '@transit-shop/sdk/time/network-instant';
import { useTranslation } from 'react-i18next';

export function useFormatInstant(): (text: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  return (text) => format.format(wallClockDateOf(text));
}
