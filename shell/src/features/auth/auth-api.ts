import type {
  MessageResponse,
  SessionResponse,
  SignInOptions,
  SsoSessionResponse,
  UserDto,
} from '@trackboard/contracts';
import { api, apiBasePath } from '@trackboard/web-kit';

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
  /** Whether single sign-on is offered and whether passwords are on. */
  signInOptions: () => api.get<SignInOptions>('/auth/sign-in-options'),
  /** The single sign-on the browser came back from, named by the server's cookie, turned into a session. */
  ssoSession: () => api.post<SsoSessionResponse>('/auth/oidc/session'),
  /** Links that sign-on to the existing account with its e-mail, proven by the account's password. */
  ssoLink: (password: string) => api.post<SsoSessionResponse>('/auth/oidc/link', { password }),
};

/** A path inside this app, or `/`: the browser reads a leading `//` or `/\` as another host. */
export function inAppPath(path: string): string {
  return /^\/(?![/\\])/.test(path) ? path : '/';
}

/** Where single sign-on starts: a full page load, as the server sends the browser on to the provider. */
export function ssoStartUrl(returnTo: string): string {
  return `${apiBasePath}/auth/oidc/start?returnTo=${encodeURIComponent(inAppPath(returnTo))}`;
}

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

let completingSso: Promise<SsoSessionResponse> | undefined;

/**
 * A sign-on is completed once: a second call while the first is under way (React's development
 * double effect) shares the first instead of asking the server to complete it again.
 */
export function completeSsoOnce(): Promise<SsoSessionResponse> {
  completingSso ??= authApi.ssoSession().finally(() => (completingSso = undefined));
  return completingSso;
}
