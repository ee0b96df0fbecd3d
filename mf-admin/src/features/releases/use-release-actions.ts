import type { ReleaseUpdateResponse } from '@trackboard/contracts';
import { errorReason } from '@trackboard/web-kit';
import { useState } from 'react';
import type { AdminAlert } from '../../shared/admin-toasts';
import { uiMessages } from '../../ui-messages';
import { releasesApi } from './api';
import { remoteLabel, updateFor, type ReleaseChange } from './release-rules';

/** What each change's toast says when it is done. */
function doneText(change: ReleaseChange): string {
  const remote = remoteLabel(change.remote);
  switch (change.kind) {
    case 'makeCurrent':
      return uiMessages.madeCurrent(remote, change.version);
    case 'promote':
      return uiMessages.promoted(remote, change.version);
    case 'rollBack':
      return uiMessages.rolledBack(remote, change.version);
    case 'endCanary':
      return uiMessages.canaryEnded(remote, change.version);
    case 'startCanary':
      return uiMessages.canaryStarted(remote, change.version, change.share);
    case 'changeShare':
      return uiMessages.shareChanged(remote, change.version, change.share);
  }
}

/**
 * The administrator's changes to the release table, their outcomes as toasts the
 * way the other admin pages show them. A refused change shows the gateway's own message (a
 * 409 says why a version does not fit the shell). After each one the table is asked for
 * again; `refresh` gets the PUT's answer first, so the card shows the change with the toast.
 */
export function useReleaseActions(refresh: (answer?: ReleaseUpdateResponse) => void) {
  const [alerts, setAlerts] = useState<AdminAlert[]>([]);
  const [busy, setBusy] = useState<ReleaseChange | null>(null);

  const run = async (change: ReleaseChange) => {
    setBusy(change);
    let answer: ReleaseUpdateResponse | undefined;
    try {
      answer = await releasesApi.update(change.remote, updateFor(change));
      setAlerts([{ level: 'success', text: doneText(change) }]);
    } catch (failure) {
      setAlerts([{ level: 'error', text: errorReason(failure, uiMessages.releaseFailed) }]);
    } finally {
      setBusy(null);
      refresh(answer);
    }
  };

  const dismissAlert = (index: number) => setAlerts((current) => current.filter((_, i) => i !== index));
  return { alerts, dismissAlert, busy, run };
}
