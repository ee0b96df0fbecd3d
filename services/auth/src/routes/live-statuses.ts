import { accountStatuses, lockedOutStatuses } from '@trackboard/contracts';

/** A pending account may read its profile, manage its tokens and sessions and log out; a locked-out one has no live session. */
export const anyLiveStatus = accountStatuses.filter((s) => !lockedOutStatuses.includes(s));
