// The names the passengers step shows: the account holder's and their traveller profiles', by user id.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';

const fullName = (person: { userName: string | null; userLastname: string | null }) =>
  [person.userName, person.userLastname].filter(Boolean).join(' ');

export function passengerNamesOf(user: AuthUser): Map<number, string> {
  return new Map([
    [user.userId, fullName(user)],
    ...user.profiles.map((profile) => [profile.userId, fullName(profile)] as const),
  ]);
}
