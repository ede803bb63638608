// The demo networks' qualification provider (decision 0033): Lumière's student register knows a few
// demo student numbers and accepts a student card given with one of them at once, valid until the
// next school year starts; it refuses a number that is not one (wrong shape), and leaves any other
// well-formed number to the network's staff. Other networks have no register: staff decide.
import { instantAt, networkToday } from '@transit-shop/sdk/time/network-clock';
import type { NetworkDirectory } from '../../tenants/network-directory.ts';
import type { QualificationProvider } from './qualification-provider.ts';

/** The demo student numbers the register knows (README "Demo data"). */
export const DEMO_STUDENT_NUMBERS = [
  'LUM-ETU-2026-0001',
  'LUM-ETU-2026-0002',
  'LUM-ETU-2026-0003',
  'LUM-ETU-2026-0004',
  'LUM-ETU-2026-0005',
] as const;
const STUDENT_NUMBER = /^LUM-ETU-\d{4}-\d{4}$/;
const LUMIERE_ID = 101;
/** Lumière's student register, provider 2 of its qualificationValidationConfiguration. */
const STUDENT_REGISTER = 2;
const STUDENT_CARD_TYPE = 1;

/** The next start of a school year (MM-DD) after `now`, on the network's calendar. */
export function nextSchoolYearStart(now: Date, schoolYearStart: string, timeZone: string): Date {
  const today = networkToday(timeZone, now);
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-${schoolYearStart}`;
  return instantAt(today < thisYear ? thisYear : `${year + 1}-${schoolYearStart}`, '00:00', timeZone);
}

export function demoQualificationProvider(options: {
  networks: Pick<NetworkDirectory, 'byId'>;
}): QualificationProvider {
  return {
    async check(input) {
      if (
        input.networkId !== LUMIERE_ID ||
        input.providerId !== STUDENT_REGISTER ||
        input.documentTypeId !== STUDENT_CARD_TYPE
      )
        return { verdict: 'UNDECIDED' };
      const number = input.input.trim().toUpperCase();
      if (!STUDENT_NUMBER.test(number)) {
        return {
          verdict: 'REFUSED',
          reason: 'This is not a student number: it reads LUM-ETU-2026-0001, say.',
        };
      }
      if (!(DEMO_STUDENT_NUMBERS as readonly string[]).includes(number)) return { verdict: 'UNDECIDED' };
      const config = options.networks.byId(input.networkId)?.network.config;
      const expiresAt = config
        ? nextSchoolYearStart(
            input.now,
            config.schoolConfiguration?.schoolYearStart ?? '09-01',
            config.timeZone,
          )
        : null;
      return { verdict: 'ACCEPTED', startingAt: input.now, expiresAt };
    },
  };
}
