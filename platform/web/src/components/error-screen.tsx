// The error screen: a status code (default 500) and a message (default a generic label), used for fatal errors.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
      {/* A plain link: after a fatal error the router itself may be broken. */}
      <Button variant="contained" href={homeHref}>
        {t('common.backHome')}
      </Button>
    </Box>
  );
}
