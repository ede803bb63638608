// Time-zone data of the browser made to disagree with Node's, as Debian's Chromium does for
// Africa/Casablanca (UTC+0 in December, where Node's data says UTC+1): every Intl.DateTimeFormat made
// for a zone of `zones` reads the zone given in its place. The sdk's network clock reads offsets
// through Intl, so the page computes as that browser would. Restored after each test with the mocks.
import { vi } from 'vitest';

/** Debian's Chromium reads Casablanca at UTC+0 all through December 2026. */
export const CHROMIUM_CASABLANCA = { 'Africa/Casablanca': 'Etc/GMT' } as const;

export function browserZoneData(zones: Readonly<Record<string, string>>): void {
  const Real = Intl.DateTimeFormat;
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function DateTimeFormat(
    locales?: Intl.LocalesArgument,
    options?: Intl.DateTimeFormatOptions,
  ) {
    const zone = options?.timeZone;
    const read = zone === undefined ? undefined : zones[zone];
    return new Real(locales, read === undefined ? options : { ...options, timeZone: read });
  } as unknown as typeof Intl.DateTimeFormat);
}
