import type { AccessTokenCreate, AccessTokenDto, CreatedAccessTokenDto } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';

/** The caller's personal access tokens (a signed-in session only; a token can't manage tokens). */
export const accessTokensApi = {
  list: () => api.get<AccessTokenDto[]>('/auth/tokens'),
  create: (body: AccessTokenCreate) => api.post<CreatedAccessTokenDto>('/auth/tokens', body),
  revoke: (id: string) => api.delete<void>(`/auth/tokens/${encodeURIComponent(id)}`),
};
