import { z } from 'zod';
import { accountStatuses } from './account';
import { messages } from './messages';
import {
  EMAIL_MAX_LENGTH,
  emailPattern,
  fontSizes,
  isTimeZone,
  languages,
  PASSWORD_MAX_LENGTH,
  themePreferences,
  USER_NAME_MAX_LENGTH,
} from './rules';
import { lineText, multiLineText } from './text';

// Requests and answers of the auth service.

export const Email = lineText({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(EMAIL_MAX_LENGTH, 'is too long')
  .regex(emailPattern, 'must be a valid e-mail address')
  .transform((e) => e.toLowerCase());

export const ProfileSettings = z.object({
  fontSize: z.enum(fontSizes),
  highContrast: z.boolean(),
  themePreference: z.enum(themePreferences),
  /** Null: the browser's language (English when it is none of ours). */
  language: z.enum(languages).nullable(),
  /** Null: the browser's time zone. */
  timeZone: lineText()
    .max(64, 'is too long')
    .refine(isTimeZone, 'must be a time zone such as Europe/Berlin')
    .nullable(),
});
export type ProfileSettings = z.infer<typeof ProfileSettings>;
export const defaultProfileSettings: ProfileSettings = {
  fontSize: 'MEDIUM',
  highContrast: false,
  themePreference: 'SYSTEM',
  language: null,
  timeZone: null,
};

export const UserDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.string(),
  isAdmin: z.boolean(),
  status: z.enum(accountStatuses),
  createdAt: z.string(),
  profileSettings: ProfileSettings,
});
export type UserDto = z.infer<typeof UserDto>;

/** Length here; what makes a password too easy to guess is the auth service's policy (it needs the e-mail and name). */
export const PASSWORD_MIN_LENGTH = 10;
export const Password = lineText({ error: 'is required' })
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, 'is too long');
const Name = lineText({ error: 'is required' }).trim().min(1, 'is required').max(USER_NAME_MAX_LENGTH, 'is too long');

export const RegisterRequest = z.object({ name: Name, email: Email, password: Password });
export const LoginRequest = z.object({
  email: Email,
  password: lineText({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX_LENGTH, 'is too long'),
});
export const VerifyEmailRequest = z.object({
  token: lineText({ error: 'is required' }).trim().min(1, 'is required').max(200, 'is too long'),
});
export const ResendVerificationRequest = z.object({
  email: lineText({ error: messages.emailRequired }).trim().min(1, messages.emailRequired).pipe(Email),
});

/** PUT /users/profile: { name, bio } or { profileSettings: one of its fields }. */
export const ProfileUpdate = z
  .object({
    name: Name.optional(),
    bio: multiLineText().max(2000, 'is too long').optional(),
    profileSettings: ProfileSettings.partial().optional(),
  })
  .strict()
  .refine(
    (u) =>
      u.name !== undefined || u.bio !== undefined || (u.profileSettings && Object.keys(u.profileSettings).length > 0),
    {
      message: messages.noChanges,
    },
  );
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

/** Register and login answer with the bearer token and the user (stored as `token` and `user`). */
export const SessionResponse = z.object({ token: z.string(), user: UserDto });
export type SessionResponse = z.infer<typeof SessionResponse>;
/** GET /auth/sign-in-options: how people sign in here, asked by the sign-in and registration pages. */
export const SignInOptions = z.object({
  /** Single sign-on through the configured OpenID Connect provider, with the name on its button; null when off. */
  sso: z.object({ name: z.string() }).nullable(),
  /** Whether passwords sign in, register and reset (false with OIDC_ONLY). */
  passwords: z.boolean(),
});
export type SignInOptions = z.infer<typeof SignInOptions>;

/** POST /auth/oidc/session and /auth/oidc/link: the session, and the page the sign-in was started from. */
export const SsoSessionResponse = SessionResponse.extend({ returnTo: z.string() });
export type SsoSessionResponse = z.infer<typeof SsoSessionResponse>;

/**
 * POST /auth/oidc/session answered 409: an account with the provider's e-mail exists and is not
 * yet linked to it; its password links it (POST /auth/oidc/link).
 */
export const SsoLinkRequired = z.object({
  message: z.string(),
  link: z.object({ email: z.string(), provider: z.string() }),
});
export type SsoLinkRequired = z.infer<typeof SsoLinkRequired>;

/** POST /auth/oidc/link: the existing account's password. */
export const SsoLinkRequest = z
  .object({
    password: lineText({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX_LENGTH, 'is too long'),
  })
  .strict();

/**
 * GET /auth/sessions: one of the caller's live sessions (signed in and neither signed out nor
 * expired), where it started as the server saw it.
 */
export const SessionDto = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The browser's User-Agent when it signed in (empty when it sent none). */
  userAgent: z.string(),
  /** The address it signed in from, as the gateway saw it. */
  ipAddress: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  /** How it signed in. */
  method: z.enum(['password', 'sso', 'invitation']),
});
export type SessionDto = z.infer<typeof SessionDto>;

/** The answer of calls that only report what happened (a mail sent, a password changed). */
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Admin-only (used by the admin service): move an account along its state machine. */
export const StatusChange = z.object({
  status: z.enum(accountStatuses),
  reason: multiLineText().trim().max(1000, 'is too long').optional(),
});
