// Links and navigation that keep the visitor's language prefix.
import { forwardRef, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { localePath } from '../config/paths.ts';
import { useLocale } from '../lib/use-locale.ts';
import { RouterLink, type RouterLinkProps } from './router-link.tsx';

/**
 * The path in the current language. The same function until the language changes, so an effect
 * that depends on it runs again only then (a new one each render restarted navigations in a loop).
 */
export function useLocalePath() {
  const locale = useLocale();
  return useCallback((path: string) => localePath(locale, path), [locale]);
}

/** A router link to a path of the app, in the current language. */
export const LocaleLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function LocaleLink(
  { to, ...props },
  ref,
) {
  const toPath = useLocalePath();
  return <RouterLink ref={ref} to={toPath(to)} {...props} />;
});

export function useLocaleNavigate() {
  const navigate = useNavigate();
  const toPath = useLocalePath();
  return useCallback((path: string) => navigate(toPath(path)), [navigate, toPath]);
}
