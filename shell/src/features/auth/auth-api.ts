import type { MessageResponse, SessionResponse, UserDto } from '@trackboard/contracts';
import { api } from '@trackboard/web-kit';

// The calls of the sign-in area (spec §7.1; verification is real, replacing §2.6's simulation).
export const authApi = {
  login: (body: { email: string; password: string }) => api.post<SessionResponse>('/auth/login', body),
  register: (body: { name: string; email: string; password: string }) =>
    api.post<SessionResponse>('/auth/register', body),
  verifyEmail: (token: string) => api.post<MessageResponse>('/auth/verify-email', { token }),
  resendVerification: (email: string) => api.post<MessageResponse>('/auth/resend-verification', { email }),
  /** The same answer whether or not the address has an account. */
  requestPasswordReset: (email: string) => api.post<MessageResponse>('/auth/password-reset/request', { email }),
  confirmPasswordReset: (body: { token: string; password: string }) =>
    api.post<MessageResponse>('/auth/password-reset/confirm', body),
  /** The signed-in account as the server has it now (its status may have moved on). */
  profile: () => api.get<UserDto>('/auth/profile'),
};

const verifying = new Map<string, Promise<MessageResponse>>();

/**
 * A verification token is single-use: a second call while the first is under way (React's
 * development double effect, a double render) shares the first call instead of spending the
 * token twice and reporting it invalid.
 */
export function verifyEmailOnce(token: string): Promise<MessageResponse> {
  let call = verifying.get(token);
  if (!call) {
    call = authApi.verifyEmail(token).finally(() => verifying.delete(token));
    verifying.set(token, call);
  }
  return call;
}
