// An instant as a date and time on the network's clock, in the page's language.
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../bootstrap-context.tsx';

export function useFormatInstant(): (value: string | Date) => string {
  const { i18n } = useTranslation();
  const { network } = useBootstrap();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: network.timeZone,
  });
  return (value) => format.format(new Date(value));
}
