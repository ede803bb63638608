// The name of a traveller of the account (the holder or one of their profiles) from the user.
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';

export function travellerNameOf(user: AuthUser | null | undefined, userId: number): string {
  if (!user) return '';
  if (user.userId === userId) return [user.userName, user.userLastname].filter(Boolean).join(' ');
  const profile = user.profiles?.find((candidate) => candidate.userId === userId);
  return profile ? `${profile.userName} ${profile.userLastname}` : '';
}
