// The page frame: skip link, header, alert banner, the page (or the maintenance page), footer; and
// where each page is scrolled: a new page opens at its top, back and forward find the page where it
// was left (ROUTE-13, react-router's ScrollRestoration).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { MaintenanceAlert } from '@transit-shop/sdk/alerts/alert.schema';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../features/shell/components/footer.tsx';
import { Header } from '../features/shell/components/header.tsx';
import { lazyPart } from '../lib/lazy-part.tsx';
import { useSessionStatus } from '../lib/session/session-status.ts';

// Alerts need the beacon client and its schemas: they load after the first paint.
const AlertArea = lazyPart(() => import('../features/alerts/components/alert-area.tsx'));
const MaintenancePage = lazy(() =>
  import('../features/alerts/components/maintenance-page.tsx').then((module) => ({
    default: module.MaintenancePage,
  })),
);

// With a session: the session-expired and reactivation modals (loaded after the first paint).
const SessionArea = lazy(() => import('../features/auth/components/session-area.tsx'));

// The cart's button and sidebar (loaded after the first paint).
const CartArea = lazyPart(() => import('../features/cart/components/cart-area.tsx'));

export function Layout() {
  const { t } = useTranslation();
  // While a MAINTENANCE alert is displayed every route shows the maintenance page instead, at
  // its own address, so the page comes back by itself when the alert's window closes.
  const [maintenance, setMaintenance] = useState<MaintenanceAlert | null>(null);
  const sessionStatus = useSessionStatus();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        color: 'text.primary',
      }}
    >
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: 10,
          p: 1,
          bgcolor: 'background.paper',
          '&:focus': { top: 8 },
        }}
      >
        {t('shell.skipToContent')}
      </Link>
      <Header loggedIn={sessionStatus === 'loggedIn'} cart={<CartArea />} />
      <AlertArea onMaintenanceChange={setMaintenance} />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        {maintenance ? (
          <Suspense fallback={null}>
            <MaintenancePage alert={maintenance} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </Box>
      <Footer />
      <ScrollRestoration />
      {sessionStatus === 'signedOut' ? null : (
        <Suspense fallback={null}>
          <SessionArea />
        </Suspense>
      )}
    </Box>
  );
}
