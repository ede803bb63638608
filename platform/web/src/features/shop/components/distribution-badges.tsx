// CAT-04: the badges of a shop item, one per way it reaches the traveller: the phone app, a transport
// card, or click and collect at an agency.
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import type { DistributionMode } from '@transit-shop/sdk/catalogue/shop-listing';
import { useTranslation } from 'react-i18next';

const ICONS: Record<DistributionMode, typeof CreditCardOutlined> = {
  APP: PhoneIphoneOutlined,
  CARD: CreditCardOutlined,
  COLLECT: StorefrontOutlined,
};

export function DistributionBadges({ modes }: { modes: readonly DistributionMode[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('shop.modesLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {modes.map((mode) => {
        const Icon = ICONS[mode];
        return (
          <Box
            component="li"
            key={mode}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1,
              py: 0.25,
              border: 1,
              borderRadius: 4,
              borderColor: mode === 'APP' ? 'primary.main' : 'secondary.main',
              color: mode === 'APP' ? 'primary.main' : 'secondary.main',
              typography: 'body2',
              fontWeight: 500,
            }}
          >
            <Icon sx={{ fontSize: '1.1rem' }} aria-hidden />
            {t(`shop.modes.${mode}`)}
          </Box>
        );
      })}
    </Box>
  );
}
