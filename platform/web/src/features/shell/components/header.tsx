// The branded header: the network's logo and name, and the main links (spec 01 §2). It matches
// the server's prepaint header (64px, header colours, 40px logo) so nothing moves when React mounts.
// On small screens the links fold behind a menu button, and the network's name takes up to two
// lines in a smaller type, so a long name ("Lumière Mobilités") is read whole beside the buttons.
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { paths } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';

// Request tracking (SHELL-06) leads to the documents pages, and "My tickets" to the wallet: both
// need a signed-in traveller, so only a signed-in header shows them.
const NAV = [
  { to: paths.home, label: 'shell.nav.shop' },
  { to: paths.accountWallet, label: 'shell.nav.wallet' },
  { to: paths.documentsSubmissions, label: 'shell.nav.requests' },
  { to: paths.account, label: 'shell.nav.account' },
  { to: paths.auth, label: 'shell.nav.login' },
] as const;

const SIGNED_IN_ONLY: readonly string[] = [paths.accountWallet, paths.documentsSubmissions];

function MenuIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
    </svg>
  );
}

/**
 * `loggedIn`: the layout says whether the visitor is logged in, which hides "Log in"; `cart`: the
 * cart's button, at the header's end (the layout loads it after the first paint).
 */
export function Header({ loggedIn = false, cart }: { loggedIn?: boolean; cart?: ReactNode }) {
  const { t } = useTranslation();
  const { network } = useBootstrap();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Logged in, "My account" is the way in; otherwise "Log in" too (a guest is not logged in).
  const links = NAV.filter((item) => (loggedIn ? item.to !== paths.auth : !SIGNED_IN_ONLY.includes(item.to)));

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    menuButton.current?.focus();
  };

  return (
    <Box
      component="header"
      onKeyDown={closeOnEscape}
      sx={(theme) => ({
        position: 'relative',
        // At least the prepaint header's height; a name longer than two lines on a phone grows it.
        minHeight: 64,
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
        <Box
          component="img"
          src={network.logoUrl}
          alt=""
          width={40}
          height={40}
          sx={{ display: 'block', flex: 'none' }}
        />
        <Box
          component="span"
          dir="auto"
          sx={{
            fontSize: { xs: '1rem', sm: 'inherit' },
            lineHeight: { xs: 1.2, sm: 'inherit' },
            py: { xs: 0.5, sm: 0 },
            overflowWrap: 'break-word',
            // From sm up there is room for the name on one line; only a very long one is cut there.
            whiteSpace: { xs: 'normal', sm: 'nowrap' },
            overflow: { sm: 'hidden' },
            textOverflow: { sm: 'ellipsis' },
          }}
        >
          {network.name}
        </Box>
      </Link>
      <Box
        component="button"
        type="button"
        ref={menuButton}
        aria-expanded={open}
        aria-controls={navId}
        onClick={() => setOpen((value) => !value)}
        sx={{
          display: { xs: 'inline-flex', sm: 'none' },
          alignItems: 'center',
          gap: 1,
          marginInlineStart: 'auto',
          px: 1.5,
          py: 1,
          font: 'inherit',
          fontWeight: 500,
          color: 'inherit',
          bgcolor: 'transparent',
          border: '1px solid currentColor',
          borderRadius: 1,
          cursor: 'pointer',
          '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
        }}
      >
        <MenuIcon />
        {t('shell.nav.menu')}
      </Box>
      <Box
        component="nav"
        id={navId}
        aria-label={t('shell.nav.label')}
        sx={(theme) => ({
          marginInlineStart: 'auto',
          display: { xs: open ? 'flex' : 'none', sm: 'flex' },
          gap: 2,
          [theme.breakpoints.down('sm')]: {
            position: 'absolute',
            top: '100%',
            insetInline: 0,
            zIndex: theme.zIndex.appBar,
            flexDirection: 'column',
            px: 2,
            py: 1,
            bgcolor: theme.vars?.palette.header.background,
            boxShadow: theme.vars?.shadows[4],
          },
        })}
      >
        {links.map((item) => (
          <Link
            key={item.to}
            component={LocaleLink}
            to={item.to}
            color="inherit"
            underline="hover"
            onClick={() => setOpen(false)}
            sx={{ fontWeight: 500, py: { xs: 1, sm: 0 } }}
          >
            {t(item.label)}
          </Link>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flex: 'none', minWidth: 44 }}>{cart}</Box>
    </Box>
  );
}
