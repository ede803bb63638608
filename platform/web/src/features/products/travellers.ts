// Whom the signed-in account holder may buy for: themselves and their active traveller profiles
// (ACC-05), each marked when the item's age conditions leave them out on the start day. A guest buys
// for the guest session's own customer; a visitor names nobody yet.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import type { ShopItem } from '@transit-shop/sdk/contract/catalogue';

export type Traveller = {
  readonly userId: number;
  readonly name: string;
  readonly holder: boolean;
  /** YYYY-MM-DD; null when the profile has none. */
  readonly birthday: string | null;
  /** Outside the item's minAge..maxAge on the start day (a traveller without birthday is not). */
  readonly outOfAge: boolean;
};

/** Whole years from a birthday to a day, both YYYY-MM-DD. */
export function ageOn(birthday: string, day: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

function isOutOfAge(birthday: string | null, item: Pick<ShopItem, 'conditions'>, day: string): boolean {
  const conditions = item.conditions;
  if (!birthday || !conditions) return false;
  const age = ageOn(birthday, day);
  return (
    (conditions.minAge !== null && age < conditions.minAge) ||
    (conditions.maxAge !== null && age > conditions.maxAge)
  );
}

const fullName = (person: { userName: string | null; userLastname: string | null }) =>
  [person.userName, person.userLastname].filter(Boolean).join(' ');

export function travellersOf(
  user: AuthUser,
  item: Pick<ShopItem, 'conditions'>,
  startDay: string,
): Traveller[] {
  return [
    {
      userId: user.userId,
      name: fullName(user),
      holder: true,
      birthday: user.userBirthday,
      outOfAge: isOutOfAge(user.userBirthday, item, startDay),
    },
    ...user.profiles
      .filter((profile) => profile.active && profile.userId !== user.userId)
      .map((profile) => ({
        userId: profile.userId,
        name: fullName(profile),
        holder: false,
        birthday: profile.userBirthday,
        outOfAge: isOutOfAge(profile.userBirthday, item, startDay),
      })),
  ];
}
