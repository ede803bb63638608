// Who buys: the user of the session (its birthday decides whether the over-18 confirmation is needed,
// ACC-09) and the names of the travellers the cart's lines are for.
import type { CartBuyer } from '@transit-shop/flows/cart/cart-selectors';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { useUser } from '../../../lib/session/get-user.ts';

export type Buyer = CartBuyer & {
  /** The full name of a traveller of the account by customer id; undefined when unknown. */
  travellerName(customerId: number): string | undefined;
};

const fullName = (person: Pick<AuthUser, 'userName' | 'userLastname'>) =>
  [person.userName, person.userLastname].filter(Boolean).join(' ').trim() || undefined;

export function useBuyer(): Buyer {
  const user = useUser().data ?? null;
  return {
    // No session, or no birthday: under 18 (ACC-09).
    birthday: user?.userBirthday ?? null,
    travellerName(customerId) {
      if (!user) return undefined;
      if (user.userId === customerId) return fullName(user);
      const profile = user.profiles.find((p) => p.userId === customerId);
      return profile ? fullName(profile) : undefined;
    },
  };
}
