// The 404 page, with a button back home: the route table's last page, and a page whose address
// names nothing on this network (a feature the network does not have).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { LocaleLink } from './locale-link.tsx';
import { usePageTitle } from './page-title.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Box component="section" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 8, textAlign: 'center' }}>
      <Typography variant="h1" component="h1" gutterBottom>
        404 · {t('notFound.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('notFound.body')}</Typography>
      <Button variant="contained" component={LocaleLink} to={paths.home}>
        {t('common.backHome')}
      </Button>
    </Box>
  );
}
