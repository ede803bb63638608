// The 404 page, with a button back home.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../components/locale-link.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { paths } from '../../config/paths.ts';

export function Component() {
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
