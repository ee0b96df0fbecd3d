import type { MessageTone } from '@trackboard/web-kit';

/** What the invitations section last did, said once above its form: sent, withdrawn, or why not. */
export type Outcome = { tone: Extract<MessageTone, 'success' | 'error'>; text: string };
