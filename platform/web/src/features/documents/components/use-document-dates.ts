// Dates of documents and requests as the traveller reads them: long form, on the network's calendar.
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useLocale } from '../../../lib/use-locale.ts';

export function useDocumentDates() {
  const locale = useLocale();
  const { network } = useBootstrap();
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: network.timeZone });
  return (iso: string) => format.format(new Date(iso));
}
