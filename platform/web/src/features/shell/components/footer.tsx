// Footer: legal pages, language and appearance choices, the network's note.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { lazyPart } from '../../../lib/lazy-part.tsx';

const FooterControls = lazyPart(() => import('./footer-controls.tsx'));

/** Keeps the controls' height while they load, so the footer does not grow under the reader. */
const CONTROLS_HEIGHT = 40;

const LEGAL_LINKS = [
  { to: paths.legalNotices, label: 'legal.legalNotices' },
  { to: paths.privacyPolicy, label: 'legal.privacyPolicy' },
  { to: paths.termsOfUse, label: 'legal.termsOfUse' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const { network, texts } = useBootstrap();
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: 2, py: 3 }}
    >
      <Box sx={{ maxWidth: 1100, mx: 'auto', display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box
          component="nav"
          aria-label={t('shell.footerNav')}
          sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}
        >
          {LEGAL_LINKS.map((link) => (
            <Link key={link.to} component={LocaleLink} to={link.to}>
              {t(link.label)}
            </Link>
          ))}
        </Box>
        <Box sx={{ minHeight: CONTROLS_HEIGHT }}>
          <FooterControls />
        </Box>
        {texts.footerNote ? <Typography color="text.secondary">{texts.footerNote}</Typography> : null}
        <Typography variant="body2" color="text.secondary">
          © {new Date().getFullYear()} {network.name}
        </Typography>
      </Box>
    </Box>
  );
}
