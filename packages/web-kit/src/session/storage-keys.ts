/** Names of the items kept in localStorage. */
export const storageKeys = { token: 'token', user: 'user', theme: 'theme', language: 'language' } as const;
