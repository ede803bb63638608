// Home: the network's welcome, then the shop's catalogue (loaded after the first paint).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../components/page-title.ts';
import { useBootstrap } from '../../lib/bootstrap-context.tsx';
import { lazyPart } from '../../lib/lazy-part.tsx';

// The shop needs the catalogue, its schemas and the query cache: it loads after the first paint.
const ShopListing = lazyPart(() => import('../../features/shop/components/shop-listing.tsx'));

export function Component() {
  const { texts, network } = useBootstrap();
  usePageTitle();
  const globalMessage = network.configuration.data.globalMessage;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: 2, py: 5 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {texts.homeTitle}
      </Typography>
      <Typography sx={{ fontSize: '1.15rem', color: 'text.secondary', mb: 1 }}>{texts.tagline}</Typography>
      <Typography sx={{ mb: 4 }}>{texts.homeIntro}</Typography>
      {globalMessage ? (
        // An outlined paper's look, without Paper's code in the first paint's JavaScript.
        <Box
          sx={{
            p: 2,
            mb: 4,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'primary.main',
            borderRadius: 1,
          }}
        >
          <Typography>{globalMessage}</Typography>
        </Box>
      ) : null}
      {/* The shop arrives after the first paint: a screen's height is kept for it from the start,
          so the footer is below the fold before and after, and nothing moves (CLS). */}
      <Box sx={{ minHeight: '100vh' }}>
        <ShopListing />
      </Box>
    </Box>
  );
}
