// The cart's lines: what each is (its traveller, support and start, and for a tacit subscription how
// often it renews), its quantity between the item's bounds (the steps the machine would refuse are
// disabled, CART-04), its price and removal.
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { cartLinesOf } from '@transit-shop/flows/cart/cart-selectors';
import type { CartItem } from '@transit-shop/flows/cart/cart-types';
import { optionQuantityOf } from '@transit-shop/sdk/checkout/checkout-rules';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useCart } from '../../../lib/cart/use-cart.tsx';
import { useFormatPrice } from '../../../lib/catalogue/format-price.ts';
import { lineRenewalIntervalOf } from '../../../lib/subscriptions/subscription-offer.ts';
import { useLineCardNumber } from '../../../lib/transport-cards/line-card.ts';
import type { Buyer } from '../hooks/use-buyer.ts';

/** The start as chosen on the network's calendar and clock, written in UTC so no zone moves it. */
function useStartText() {
  const { t, i18n } = useTranslation();
  return (line: CartItem): string => {
    if (line.startMonth) {
      const [year, month] = line.startMonth.split('-').map(Number);
      return new Intl.DateTimeFormat(i18n.language, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
    }
    if (line.startDate) {
      // A week starts at 00:00 on its Monday.
      const text = new Intl.DateTimeFormat(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${line.startDate}T${line.startTime ?? '00:00'}:00Z`));
      return line.startOffset ? `${text} (UTC${line.startOffset})` : text;
    }
    return t('cart.line.startAtPurchase');
  };
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', columnGap: 1, flexWrap: 'wrap' }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {term}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

function QuantityStepper({ line }: { line: CartItem }) {
  const { t } = useTranslation();
  const { send, can } = useCart(() => null);
  const name = line.item.name;
  const step = (quantity: number) => ({ type: 'CHANGE_QUANTITY' as const, id: line.id, quantity });
  const { articleQuantityMin: min, articleQuantityMax: max } = line.item;
  return (
    <Box
      role="group"
      aria-label={`${t('cart.line.quantity')} (${t('cart.line.quantityBounds', { min, max })})`}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      <IconButton
        size="small"
        aria-label={t('cart.line.decrease', { name })}
        disabled={!can(step(line.quantity - 1))}
        onClick={() => send(step(line.quantity - 1))}
        sx={{ border: 1, borderColor: 'divider' }}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography
        component="output"
        aria-live="polite"
        sx={{ minWidth: '2.5ch', textAlign: 'center', fontWeight: 600 }}
      >
        {line.quantity}
      </Typography>
      <IconButton
        size="small"
        aria-label={t('cart.line.increase', { name })}
        disabled={!can(step(line.quantity + 1))}
        onClick={() => send(step(line.quantity + 1))}
        sx={{ border: 1, borderColor: 'divider' }}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function CartLine({
  line,
  buyer,
  compact,
  cardNumber,
}: {
  line: CartItem;
  buyer: Buyer;
  compact: boolean;
  /** The number of the card the line goes on (mediaId), once known. */
  cardNumber: string | null;
}) {
  const { t } = useTranslation();
  const { send } = useCart(() => null);
  const { network } = useBootstrap();
  const formatPrice = useFormatPrice(network.currency);
  const startText = useStartText();
  const interval = lineRenewalIntervalOf(line);
  const unit = line.item.shopItemPromoPrice ?? line.item.shopItemPrice;
  // The option as the server prices it: a card once per line (decision 0037), anything else per unit.
  const option = line.option
    ? (line.option.shopItemPromoPrice ?? line.option.shopItemPrice) *
      optionQuantityOf(line.option, line.quantity)
    : 0;
  const amount = unit * line.quantity + option;
  const traveller =
    line.profile === null
      ? t('cart.line.travellerLater')
      : (buyer.travellerName(line.profile) ?? t('cart.line.travellerId', { id: line.profile }));
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: compact ? '1fr' : { xs: '1fr', sm: '1fr auto' },
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {line.item.name}
          {line.option ? ` + ${line.option.name}` : ''}
        </Typography>
        <Box component="dl" sx={{ m: 0, mt: 0.5, display: 'grid', gap: 0.25, typography: 'body2' }}>
          <Fact term={t('cart.line.traveller')}>{traveller}</Fact>
          <Fact term={t('cart.line.support')}>
            {line.mediaId === null
              ? t(`cart.supports.${line.delivery}`)
              : cardNumber
                ? t('cart.line.onCard', { number: cardNumber })
                : t('cart.line.onHeldCard')}
          </Fact>
          <Fact term={t('cart.line.start')}>{startText(line)}</Fact>
          {interval ? (
            <Fact term={t('cart.line.payment')}>
              {t('cart.line.subscription', { every: t(`subscriptions.every.${interval}`) })}
            </Fact>
          ) : null}
        </Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: compact ? 'row' : { xs: 'row', sm: 'column' },
          alignItems: compact ? 'center' : { xs: 'center', sm: 'flex-end' },
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <QuantityStepper line={line} />
        <Box sx={{ textAlign: 'end' }}>
          <Typography sx={{ fontWeight: 700 }}>{formatPrice(amount)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('cart.line.unitPrice', { price: formatPrice(unit) })}
          </Typography>
        </Box>
        <Button
          size="small"
          color="inherit"
          startIcon={<DeleteOutlineIcon />}
          aria-label={t('cart.line.removeLabel', { name: line.item.name })}
          onClick={() => send({ type: 'REMOVE_ITEM', id: line.id })}
        >
          {t('cart.line.remove')}
        </Button>
      </Box>
    </Box>
  );
}

export function CartLines({ buyer, compact = false }: { buyer: Buyer; compact?: boolean }) {
  const { selected: lines } = useCart(cartLinesOf);
  const cardNumberOf = useLineCardNumber(lines.map((line) => line.mediaId));
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {lines.map((line) => (
        <CartLine
          key={line.id}
          line={line}
          buyer={buyer}
          compact={compact}
          cardNumber={line.mediaId === null ? null : cardNumberOf(line.mediaId)}
        />
      ))}
    </Box>
  );
}
