// The error screen: a status code (default 500) and a message (default a generic label), used for fatal errors.
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function ErrorScreen({
  status = 500,
  message,
  homeHref,
}: {
  status?: number;
  message?: string;
  homeHref: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: '4rem' }}>
        {status}
      </Typography>
      <Typography sx={{ my: 2 }}>{message ?? t('errors.generic')}</Typography>
      {/* A plain link styled as a button: after a fatal error the router, or a code chunk, may be
          what failed, so this screen depends on neither. */}
      <Box
        component="a"
        href={homeHref}
        sx={{
          display: 'inline-block',
          px: 2.5,
          py: 1,
          borderRadius: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          fontWeight: 600,
          textDecoration: 'none',
          '&:hover': { bgcolor: 'primary.dark' },
          '&:focus-visible': { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 2 },
        }}
      >
        {t('common.backHome')}
      </Box>
    </Box>
  );
}
