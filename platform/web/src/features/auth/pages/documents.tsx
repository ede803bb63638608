// /documents: where travellers will follow their documents and validation requests. For now a
// heading only, behind the guards the page needs: signed in (ROUTE-05), a complete account (ROUTE-10).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { usePageTitle } from '../../../components/page-title.ts';
import { requireCompleteAccount, requireSignIn } from '../../../lib/session/guards.ts';

export async function loader(args: LoaderFunctionArgs) {
  await requireSignIn(args);
  await requireCompleteAccount(args);
  return null;
}

export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('shell.nav.requests'));
  return (
    <Box component="section" sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: 5 }}>
      <Typography variant="h1" component="h1">
        {t('shell.nav.requests')}
      </Typography>
    </Box>
  );
}
