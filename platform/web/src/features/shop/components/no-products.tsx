// CAT-05: the no-products page, shown in the shop's place when the network sells nothing online (or
// nothing this visitor may buy).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export function NoProducts() {
  const { t } = useTranslation();
  return (
    <Box
      component="section"
      aria-labelledby="no-products-heading"
      sx={{
        textAlign: 'center',
        py: { xs: 5, sm: 8 },
        px: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      <Typography id="no-products-heading" variant="h2" component="h2" gutterBottom>
        {t('shop.noProducts.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 520, mx: 'auto' }}>
        {t('shop.noProducts.body')}
      </Typography>
    </Box>
  );
}
