/** Names of the items kept in localStorage (spec §9). */
export const storageKeys = { token: 'token', user: 'user', theme: 'theme' } as const;
