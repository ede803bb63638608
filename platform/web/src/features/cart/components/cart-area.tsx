// The header's cart button with its article count, and the cart sidebar it opens. Loaded after the
// first paint; the count comes from the saved cart until the cart runs, and the cart itself (XState,
// the sdk, the sidebar) loads only when the sidebar opens, or at once when the saved cart has an
// order in flight: the cart asks about it and empties itself if it was paid (decision 0021).
import Box from '@mui/material/Box';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasSavedOrderInFlight, useCartStatus } from '../../../lib/cart/cart-status.ts';

const CartDrawer = lazy(() => import('./cart-drawer.tsx'));

function CartIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.5c.8 0 1.4-.4 1.8-1l3.6-6.5L20.3 5.5 16.7 12H8.1L3.8 3H1v2h1.6l3.6 7.6-1.4 2.4C4.1 16.3 5.1 18 6.6 18H19v-2H7z"
      />
    </svg>
  );
}

async function openCart() {
  const { getCartRuntime } = await import('../../../lib/cart/cart-runtime.ts');
  (await getCartRuntime()).actor.send({ type: 'VISIBILITY_CHANGED', visible: true });
}

async function startCart() {
  const { getCartRuntime } = await import('../../../lib/cart/cart-runtime.ts');
  await getCartRuntime();
}

export default function CartArea() {
  const { t } = useTranslation();
  const { count, visible } = useCartStatus();
  // Mounted from the first opening on, so the drawer can close with its transition.
  const [opened, setOpened] = useState(false);
  if (visible && !opened) setOpened(true);
  useEffect(() => {
    if (hasSavedOrderInFlight()) void startCart();
  }, []);
  return (
    <>
      <Box
        component="button"
        type="button"
        aria-label={t('cart.open', { count })}
        aria-haspopup="dialog"
        onClick={() => void openCart()}
        sx={{
          position: 'relative',
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: 44,
          height: 44,
          p: 0,
          color: 'inherit',
          bgcolor: 'transparent',
          border: 0,
          borderRadius: 1,
          cursor: 'pointer',
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
        }}
      >
        <CartIcon />
        {count > 0 ? (
          <Box
            component="span"
            aria-hidden="true"
            sx={{
              position: 'absolute',
              top: 2,
              insetInlineEnd: 0,
              minWidth: 20,
              height: 20,
              px: 0.5,
              borderRadius: 10,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              typography: 'caption',
              fontWeight: 700,
              lineHeight: 1,
              bgcolor: 'secondary.main',
              color: 'secondary.contrastText',
            }}
          >
            {count > 99 ? '99+' : count}
          </Box>
        ) : null}
      </Box>
      {opened ? (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      ) : null}
    </>
  );
}
