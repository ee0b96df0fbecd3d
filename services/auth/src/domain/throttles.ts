import { messages } from '@trackboard/contracts';
import { TooManyRequests, type RateLimiter } from '@trackboard/server-kit';

type Window = { limit: number; windowSeconds: number };

// Fixed windows, in Redis in split mode and in memory in embedded mode. The client
// address is the one the gateway saw (server-kit clientIp); an office behind one NAT address
// shares it, so the per-address limits leave room for a team.
const LOGINS_PER_ADDRESS: Window = { limit: 100, windowSeconds: 5 * 60 };
/** Wrong passwords for one account from one address: the owner's other addresses are not locked out. */
const FAILURES_PER_ACCOUNT_AND_ADDRESS: Window = { limit: 5, windowSeconds: 15 * 60 };
/** Wrong passwords for one account from anywhere: guessing spread over many addresses. */
const FAILURES_PER_ACCOUNT: Window = { limit: 100, windowSeconds: 60 * 60 };
const RESENDS_PER_ADDRESS: Window = { limit: 5, windowSeconds: 15 * 60 };
// Each registration mails a verification link to an address the caller chose. 20 an hour from
// one address lets a team sign up from its office; 50 an hour to one mail domain keeps a
// spread-out sender from turning us on one company's mailboxes.
const REGISTRATIONS_PER_ADDRESS: Window = { limit: 20, windowSeconds: 60 * 60 };
const REGISTRATIONS_PER_DOMAIN: Window = { limit: 50, windowSeconds: 60 * 60 };
// Each reset request may mail a link to an address the caller chose: an office may
// ask 20 an hour; one mailbox gets at most 3 links in 15 minutes, whoever asks, and an hour's
// link stays usable meanwhile.
const RESET_REQUESTS_PER_ADDRESS: Window = { limit: 20, windowSeconds: 60 * 60 };
const RESET_REQUESTS_PER_EMAIL: Window = { limit: 3, windowSeconds: 15 * 60 };
/** Wrong current passwords on a password change: a stolen session must not become a password oracle. */
const PASSWORD_CHECKS_PER_ACCOUNT: Window = { limit: 5, windowSeconds: 15 * 60 };

export type LoginAttempt = { failed(): Promise<void>; succeeded(): Promise<void> };

export function createThrottles(limiter: RateLimiter) {
  const within = (key: string, { limit, windowSeconds }: Window) => limiter.hit(key, limit, windowSeconds);

  return {
    /** Before anything of a registration is written or mailed. */
    async registration(email: string, clientIp: string): Promise<void> {
      const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
      if (
        !(await within(`register:ip:${clientIp}`, REGISTRATIONS_PER_ADDRESS)) ||
        !(await within(`register:domain:${domain}`, REGISTRATIONS_PER_DOMAIN))
      )
        throw new TooManyRequests(messages.tooManyRegistrations);
    },

    /** Each single sign-on started keeps a row until it ends: as many as password sign-ins from one address. */
    async ssoStart(clientIp: string): Promise<void> {
      if (!(await within(`sso:ip:${clientIp}`, LOGINS_PER_ADDRESS))) throw new TooManyRequests(messages.tooManyLogins);
    },

    async resend(clientIp: string): Promise<void> {
      if (!(await within(`resend:ip:${clientIp}`, RESENDS_PER_ADDRESS)))
        throw new TooManyRequests(messages.tooManyRequests);
    },

    /**
     * Before a reset request looks the address up, so known and unknown addresses are held
     * alike and the answer tells nothing about who has an account.
     */
    async passwordResetRequest(email: string, clientIp: string): Promise<void> {
      if (
        !(await within(`reset:ip:${clientIp}`, RESET_REQUESTS_PER_ADDRESS)) ||
        !(await within(`reset:email:${email.toLowerCase()}`, RESET_REQUESTS_PER_EMAIL))
      )
        throw new TooManyRequests(messages.tooManyPasswordResets);
    },

    /** Counts a check of the current password (a change); a right one clears the count. */
    async passwordCheck(userId: string): Promise<{ succeeded(): Promise<void> }> {
      const key = `password-check:${userId}`;
      if (!(await within(key, PASSWORD_CHECKS_PER_ACCOUNT))) throw new TooManyRequests(messages.tooManyPasswordChecks);
      return { succeeded: () => limiter.reset(key) };
    },

    /** Counts a login attempt before the password is checked; the caller reports how it went. */
    async loginAttempt(email: string, clientIp: string): Promise<LoginAttempt> {
      const tooMany = new TooManyRequests(messages.tooManyLogins);
      if (!(await within(`login:ip:${clientIp}`, LOGINS_PER_ADDRESS))) throw tooMany;
      const here = `login:failures:${email}:${clientIp}`;
      const anywhere = `login:failures:${email}`;
      // Every attempt counts here at once (parallel guesses cannot outrun the limit) and a
      // success clears it, so what remains are failures.
      if (!(await within(here, FAILURES_PER_ACCOUNT_AND_ADDRESS))) throw tooMany;
      // Past the account's limit only an address without failures on it gets its password
      // checked: the owner's own address still works, a guesser gets one try per address.
      if ((await limiter.count(anywhere)) >= FAILURES_PER_ACCOUNT.limit && (await limiter.count(here)) > 1)
        throw tooMany;
      return {
        failed: async () => void (await within(anywhere, FAILURES_PER_ACCOUNT)),
        succeeded: () => limiter.reset(here),
      };
    },
  };
}
export type Throttles = ReturnType<typeof createThrottles>;
