// The query key of the current user, shared by the user query and the session's actors.
export const userQueryKey = (userId: number | null) => ['auth', 'user', userId] as const;
