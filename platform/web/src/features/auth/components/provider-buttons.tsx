// Sign-in through the network's third-party providers (Keycloak, FranceConnect). The identity
// provider sandbox that stands in for them does not exist yet, so each button says it is coming soon.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';

export function ProviderButtons() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const headingId = useId();
  const soonId = useId();
  if (network.authenticationProviders.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('auth.providers.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        {network.authenticationProviders.map((provider) => (
          <Button key={provider.id} variant="outlined" disabled aria-describedby={soonId}>
            {t('auth.providers.continueWith', { name: provider.name })}
          </Button>
        ))}
      </Box>
      <Typography id={soonId} variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
        {t('auth.providers.comingSoon')}
      </Typography>
    </Box>
  );
}
