// The page frame: skip link, header, alert banner, the page, footer. Keeps the language in step with the URL.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { localePath, splitLocale } from '../config/paths.ts';
import { Footer } from '../features/shell/components/footer.tsx';
import { Header } from '../features/shell/components/header.tsx';
import { useBootstrap } from '../lib/bootstrap-context.tsx';
import { changeLocale } from '../lib/i18n.ts';

const AlertArea = lazy(() => import('../features/alerts/components/alert-area.tsx'));

export function Layout() {
  const { t, i18n } = useTranslation();
  const { network } = useBootstrap();
  const location = useLocation();
  const { locale, path } = splitLocale(location.pathname);
  const offered = network.languages.includes(locale);

  useEffect(() => {
    if (offered && i18n.language !== locale) void changeLocale(i18n, locale);
  }, [i18n, locale, offered]);

  if (!offered)
    return <Navigate to={`${localePath(network.defaultLanguage, path)}${location.search}`} replace />;
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
      <Header />
      <Suspense fallback={null}>
        <AlertArea />
      </Suspense>
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, outline: 'none' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
