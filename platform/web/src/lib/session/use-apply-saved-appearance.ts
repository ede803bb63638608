// The appearance saved on the account (ACC: appearance preference) follows the traveller to the
// device they sign in on: after a sign-in the theme cookie and the page take the account's choice.
import { useColorScheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@transit-shop/sdk/contract/auth-user';
import { useCallback } from 'react';
import { APPEARANCE_TO_MODE } from '../theme/cookie-storage-manager.ts';
import { userQueryKey } from './user-query-key.ts';

/** Call with the id of the user who just signed in (the login put them in the query cache). */
export function useApplySavedAppearance(): (userId: number) => void {
  const queryClient = useQueryClient();
  const { mode, setMode } = useColorScheme();
  return useCallback(
    (userId: number) => {
      const user = queryClient.getQueryData<AuthUser | null>(userQueryKey(userId));
      if (!user || user.authAsGuest) return;
      const saved = APPEARANCE_TO_MODE[user.appearance];
      if (saved !== mode) setMode(saved);
    },
    [queryClient, mode, setMode],
  );
}
