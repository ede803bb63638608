// The tunnel's entry on a product page: on a network with has_media_tunnel, a signed-in customer
// (not a guest) buying an item offered on a transport card starts the purchase tunnel for it, at
// its passengers step. The tunnel's code loads on the click.
import CreditCard from '@mui/icons-material/CreditCard';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleNavigate } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { useSessionStatus } from '../../../lib/session/session-status.ts';

export function TunnelEntry({ item }: { item: ShopItem }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const status = useSessionStatus();
  const navigate = useLocaleNavigate();
  const hintId = useId();
  if (
    !network.configuration.has_media_tunnel ||
    status !== 'loggedIn' ||
    !item.supports.includes('PHYSICAL')
  ) {
    return null;
  }
  const start = async () => {
    const { startTunnel } = await import('../../../lib/tunnel/tunnel-runtime.ts');
    startTunnel(item);
    navigate(`${paths.tunnel}/passengers`);
  };
  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<CreditCard />}
        aria-describedby={hintId}
        onClick={() => void start()}
      >
        {t('tunnel.entry')}
      </Button>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
        {t('tunnel.entryHint')}
      </Typography>
    </Box>
  );
}
