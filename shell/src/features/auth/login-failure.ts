import { ApiError, serverMessage } from '@trackboard/web-kit';
import type { LoginNotice } from '../../routing/login-state';
import { uiMessages } from '../../ui-messages';

/**
 * Spec §8.1: rejected and suspended accounts get their own text; otherwise the server's, or the
 * default. Spec §2.2: a refusal and the default failure are red; the server's other answers
 * (wrong credentials, too many attempts) yellow.
 */
export function loginFailure(error: unknown): LoginNotice {
  const refusedAs =
    error instanceof ApiError && error.status === 403
      ? (error.body as { status?: string } | undefined)?.status
      : undefined;
  const fromServer = serverMessage(error);
  if (refusedAs === 'REJECTED') return { text: fromServer ?? uiMessages.accountRejected, tone: 'error' };
  if (refusedAs === 'SUSPENDED') return { text: fromServer ?? uiMessages.accountSuspended, tone: 'error' };
  return fromServer ? { text: fromServer, tone: 'notice' } : { text: uiMessages.loginFailed, tone: 'error' };
}
