// The appearance a page is rendered in, from the `theme` cookie the web app writes (THEME-01).
import type { Appearance } from '@transit-shop/tenancy';

const BY_COOKIE: ReadonlyMap<string, Appearance> = new Map([
  ['LIGHT', 'LIGHT'],
  ['DARK', 'DARK'],
  ['SYSTEM', 'SYSTEM'],
]);

/** Anything but LIGHT or DARK (absent, misspelt) is SYSTEM, the default. */
export function appearanceOf(cookieValue: string | undefined): Appearance {
  return (cookieValue && BY_COOKIE.get(cookieValue.toUpperCase())) || 'SYSTEM';
}
