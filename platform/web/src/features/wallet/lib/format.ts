// Dates and durations of the wallet, on the network's clock and in the page's language.
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';

/** An instant as a date and time in the network's time zone. */
export function useFormatInstant(): (iso: string | Date) => string {
  const { i18n } = useTranslation();
  const { network } = useBootstrap();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: network.timeZone,
  });
  return (value) => format.format(new Date(value));
}

/** An exclusive end (the next midnight) as the last minute it covers. */
export function lastMinuteOf(iso: string): Date {
  return new Date(new Date(iso).getTime() - 60_000);
}

/** A remaining time as h:mm:ss or m:ss, digits as the language writes them. */
export function formatRemaining(milliseconds: number, language: string): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const digits = new Intl.NumberFormat(language, { minimumIntegerDigits: 2, useGrouping: false });
  const plain = new Intl.NumberFormat(language, { useGrouping: false });
  return hours > 0
    ? `${plain.format(hours)}:${digits.format(minutes)}:${digits.format(seconds)}`
    : `${plain.format(minutes)}:${digits.format(seconds)}`;
}
