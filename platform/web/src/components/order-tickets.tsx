// "Where are my tickets?": per order line, where what it issued is (the order's `tickets`): in the
// wallet (a link to it, or to a guest order's tickets page), to load on a card, to collect at an
// agency. Shows nothing while the order has issued nothing.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OrderTickets as OrderTicketList } from '@transit-shop/sdk/contract/wallet';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { usePlaceText } from '../lib/tickets/place-text.ts';
import { LocaleLink } from './locale-link.tsx';

/** What an order's answer may carry about its tickets. */
export type OrderTicketFields = {
  readonly tickets?: OrderTicketList | null;
  /** A guest order's tickets page reference. */
  readonly ticketsReference?: string | null;
};

/** The fields read from an order's answer, whichever call gave it. */
export function orderTicketFields(order: object | null | undefined): OrderTicketFields {
  return (order ?? {}) as OrderTicketFields;
}

export function OrderTickets({
  tickets,
  ticketsReference,
  heading = true,
}: OrderTicketFields & { heading?: boolean }) {
  const { t } = useTranslation();
  const placeText = usePlaceText();
  if (!tickets || tickets.length === 0) return null;
  const walletPath = ticketsReference
    ? paths.walletGuest.replace(':reference', encodeURIComponent(ticketsReference))
    : paths.accountWallet;
  return (
    <Box component="section" aria-label={t('tickets.title')} sx={{ mt: 2 }}>
      {heading ? (
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'bold', mb: 1 }}>
          {t('tickets.title')}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ m: 0, ps: 2, display: 'grid', gap: 0.5 }}>
        {tickets.map((entry) => (
          <li key={`${entry.position}-${entry.place.delivery}`}>
            <Typography component="span" sx={{ typography: 'body2' }}>
              {t('tickets.line', { label: entry.label, quantity: entry.count })}
              {' — '}
              {placeText(entry.place)}
              {entry.place.delivery === 'WALLET' ? (
                <>
                  {' · '}
                  <Link component={LocaleLink} to={walletPath}>
                    {t(ticketsReference ? 'tickets.openGuest' : 'tickets.openWallet')}
                  </Link>
                </>
              ) : null}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
