// The branded header: the network's logo and name, and the main links (spec 01 §2).
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';

const NAV = [
  { to: paths.home, label: 'shell.nav.shop' },
  { to: paths.documents, label: 'shell.nav.requests' },
  { to: paths.account, label: 'shell.nav.account' },
  { to: paths.auth, label: 'shell.nav.login' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  return (
    <Box
      component="header"
      sx={(theme) => ({
        height: 64,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        bgcolor: theme.vars?.palette.header.background,
        color: theme.vars?.palette.header.text,
      })}
    >
      <Link
        component={LocaleLink}
        to={paths.home}
        color="inherit"
        underline="none"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          fontSize: '1.25rem',
          fontWeight: 600,
          minWidth: 0,
        }}
      >
        <img src={network.logoUrl} alt="" width={40} height={40} />
        <Box component="span" sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {network.name}
        </Box>
      </Link>
      <Box
        component="nav"
        aria-label={t('shell.nav.label')}
        sx={{ marginInlineStart: 'auto', display: 'flex', gap: 2, flexWrap: 'wrap' }}
      >
        {NAV.map((item) => (
          <Link
            key={item.to}
            component={LocaleLink}
            to={item.to}
            color="inherit"
            underline="hover"
            sx={{
              fontWeight: 500,
              display: { xs: item.to === paths.home ? 'none' : 'inline', sm: 'inline' },
            }}
          >
            {t(item.label)}
          </Link>
        ))}
      </Box>
    </Box>
  );
}
