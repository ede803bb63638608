// The cart sidebar: a panel sliding in at the end side of the page (the left in Arabic), open while
// the cart says so (after an add, or from the header's button), closed by its button, Escape or the
// backdrop. A Modal with its own slide rather than MUI's Drawer: the Drawer's Slide transition would
// add its code to the first paint's chunk, which shares MUI's transition helpers.
import { keyframes } from '@emotion/react';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Modal from '@mui/material/Modal';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { cartCountOf } from '@transit-shop/flows/cart/cart-selectors';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useCart, WithCart } from '../../../lib/cart/use-cart.tsx';
import { WithSession } from '../../../lib/session/use-session.tsx';
import { CartContents } from './cart-contents.tsx';

const slideFromRight = keyframes`from { transform: translateX(100%); }`;
const slideFromLeft = keyframes`from { transform: translateX(-100%); }`;

function Sidebar() {
  const { t } = useTranslation();
  const titleId = useId();
  const { selected: open, send } = useCart((snapshot) => snapshot.context.cartVisible);
  const { selected: count } = useCart(cartCountOf);
  const close = () => send({ type: 'VISIBILITY_CHANGED', visible: false });
  return (
    <Modal open={open} onClose={close}>
      <Paper
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        elevation={16}
        square
        sx={(theme) => ({
          position: 'fixed',
          top: 0,
          bottom: 0,
          insetInlineEnd: 0,
          width: { xs: '100%', sm: 440 },
          display: 'flex',
          flexDirection: 'column',
          outline: 0,
          animation: `${theme.direction === 'rtl' ? slideFromLeft : slideFromRight} ${theme.transitions.duration.enteringScreen}ms ${theme.transitions.easing.easeOut}`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        })}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography id={titleId} component="h2" variant="h5" sx={{ flex: 1 }}>
            {t('cart.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('cart.items', { count })}
          </Typography>
          <IconButton aria-label={t('cart.close')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ flex: 1, overflowY: 'auto', px: 2, pb: 3 }}>
          <CartContents variant="sidebar" onNavigate={close} />
          {count > 0 ? (
            <Button
              component={LocaleLink}
              to={paths.cart}
              variant="text"
              fullWidth
              onClick={close}
              sx={{ mt: 1 }}
            >
              {t('cart.viewCart')}
            </Button>
          ) : null}
        </Box>
      </Paper>
    </Modal>
  );
}

export default function CartDrawer() {
  return (
    <WithSession>
      <WithCart>
        <Sidebar />
      </WithCart>
    </WithSession>
  );
}
