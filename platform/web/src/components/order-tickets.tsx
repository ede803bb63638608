// "Where are my tickets?": per order line, where what it issued is (the order's `tickets`): in the
// wallet (a link to it; for a guest, the link sent by email: the confirmation is read by the order's
// reference, which the payment provider also sees, so it never leads to the tickets), to load on a
// card, to collect at an agency. Shows nothing while the order has issued nothing.
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
  /** A guest's order: its tickets open from the link in the confirmation email. */
  readonly guest?: boolean;
};

/** The fields read from an order's answer (an order of the list, a payment's outcome), if any. */
export function orderTicketFields(order: OrderTicketFields | null | undefined): OrderTicketFields {
  return { tickets: order?.tickets ?? null, guest: order?.guest ?? false };
}

/**
 * An entry is one line and place, as the server groups them: a card's loaded and waiting contracts,
 * or a line's contracts on two cards, are entries of their own.
 */
function placeKeyOf({ position, place }: OrderTicketList[number]): string {
  return `${position}-${JSON.stringify(place)}`;
}

export function OrderTickets({
  tickets,
  guest = false,
  heading = true,
}: OrderTicketFields & { heading?: boolean }) {
  const { t } = useTranslation();
  const placeText = usePlaceText();
  if (!tickets || tickets.length === 0) return null;
  return (
    <Box component="section" aria-label={t('tickets.title')} sx={{ mt: 2 }}>
      {heading ? (
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'bold', mb: 1 }}>
          {t('tickets.title')}
        </Typography>
      ) : null}
      <Box component="ul" sx={{ m: 0, ps: 2, display: 'grid', gap: 0.5 }}>
        {tickets.map((entry) => (
          <li key={placeKeyOf(entry)}>
            <Typography component="span" sx={{ typography: 'body2' }}>
              {t('tickets.line', { label: entry.label, quantity: entry.count })}
              {' — '}
              {placeText(entry.place)}
              {entry.place.delivery === 'WALLET' ? (
                <>
                  {' · '}
                  {guest ? (
                    t('tickets.guestLinkEmailed')
                  ) : (
                    <Link component={LocaleLink} to={paths.accountWallet}>
                      {t('tickets.openWallet')}
                    </Link>
                  )}
                </>
              ) : null}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
