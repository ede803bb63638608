// Account rules the server and the web app both apply (ACC-01, ACC-02, ACC-09, AUTH-12). Pure
// functions without a schema library, so route guards can use them anywhere.
import { ADULT_AGE } from '../constants.ts';

const filled = (value: string | null | undefined): boolean =>
  typeof value === 'string' && value.trim() !== '';

/** ACC-01: complete only with a first name, a last name and an email (else auth/finalize, ROUTE-10). */
export function isAccountComplete(user: {
  userName?: string | null;
  userLastname?: string | null;
  userMail?: string | null;
}): boolean {
  return filled(user.userName) && filled(user.userLastname) && filled(user.userMail);
}

/** ACC-02: complete only with route, postal code, city and state. */
export function isAddressComplete(
  address:
    | {
        addressRoute?: string | null;
        addressPostalCode?: string | null;
        addressCity?: string | null;
        addressState?: string | null;
      }
    | null
    | undefined,
): boolean {
  if (!address) return false;
  return (
    filled(address.addressRoute) &&
    filled(address.addressPostalCode) &&
    filled(address.addressCity) &&
    filled(address.addressState)
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function calendarDay(value: Date | string): { year: number; month: number; day: number } | undefined {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    // The calendar day where the code runs: what the traveller sees as "today".
    return { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() };
  }
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

/** Full years between a birthday (YYYY-MM-DD) and a day; undefined when either is not a date. */
export function ageOn(birthday: string, today: Date | string): number | undefined {
  const born = calendarDay(birthday);
  const now = calendarDay(today);
  if (!born || !now) return undefined;
  const beforeBirthday = now.month < born.month || (now.month === born.month && now.day < born.day);
  return now.year - born.year - (beforeBirthday ? 1 : 0);
}

/**
 * ACC-09: 18 or older on `today`. No birthday (or an unreadable one) counts as under 18. Born on
 * 29 February, one comes of age on 1 March in years without a 29 February.
 */
export function isOver18(birthday: string | null | undefined, today: Date | string): boolean {
  if (!birthday) return false;
  const age = ageOn(birthday, today);
  return age !== undefined && age >= ADULT_AGE;
}

/**
 * AUTH-12: verified when the network signs in through a default provider (that provider owns
 * verification), otherwise when the account has a verification date.
 */
export function isAccountVerified(
  user: { verifiedAt?: string | null },
  providers: readonly { isDefault: boolean }[],
): boolean {
  if (providers.some((provider) => provider.isDefault)) return true;
  return typeof user.verifiedAt === 'string' && user.verifiedAt !== '';
}
