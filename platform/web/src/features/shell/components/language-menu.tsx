// Lets the visitor pick one of the network's languages; remembers it in the locale cookie.
import Button from '@mui/material/Button';
import type { Locale } from '@transit-shop/sdk/locales';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { localePath, splitLocale } from '../../../config/paths.ts';
import { useBootstrap } from '../../../lib/bootstrap-context.tsx';
import { writeLocaleCookie } from '../../../lib/cookies.ts';
import { LANGUAGE_NAMES } from './language-names.ts';

// The menu (and its popover machinery) loads on first use, not with the page.
const LanguageList = lazy(() => import('./language-list.tsx'));

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { network } = useBootstrap();
  const location = useLocation();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = i18n.language as Locale;

  const choose = (locale: Locale) => {
    setAnchor(null);
    writeLocaleCookie(locale);
    const { path } = splitLocale(location.pathname);
    navigate(`${localePath(locale, path)}${location.search}`);
  };

  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('shell.languageCurrent', { name: LANGUAGE_NAMES[current] })}
      </Button>
      {anchor ? (
        <Suspense fallback={null}>
          <LanguageList
            id={menuId}
            anchor={anchor}
            languages={network.languages}
            current={current}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
