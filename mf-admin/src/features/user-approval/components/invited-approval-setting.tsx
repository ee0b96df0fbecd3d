import type { RegistrationSettings } from '@trackboard/contracts';
import { api, errorReason, MessageBox, retryUnlessClientError } from '@trackboard/web-kit';
import { useState } from 'react';
import useSWR from 'swr';
import { uiMessages } from '../../../ui-messages';
import styles from '../../../shared/admin-page.module.css';

const settingsPath = '/auth/registration-settings';

/**
 * Whether someone who registers through a project's invitation waits for approval too (by
 * default the invitation vouches for them). Saved as soon as it is ticked or unticked.
 */
export function InvitedApprovalSetting() {
  const { data, mutate } = useSWR(settingsPath, () => api.get<RegistrationSettings>(settingsPath), {
    shouldRetryOnError: retryUnlessClientError,
  });
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const save = async (invitedNeedApproval: boolean) => {
    setProblem(undefined);
    setSaving(true);
    try {
      await mutate(await api.put<RegistrationSettings>(settingsPath, { invitedNeedApproval }), { revalidate: false });
    } catch (error) {
      setProblem(uiMessages.invitedApprovalFailed(errorReason(error, uiMessages.tryAgain)));
    } finally {
      setSaving(false);
    }
  };

  if (!data) return null;
  return (
    <div className={styles.setting}>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <label className={styles.settingLabel}>
        <input
          type="checkbox"
          checked={data.invitedNeedApproval}
          disabled={saving}
          onChange={(event) => void save(event.target.checked)}
        />
        {uiMessages.invitedNeedApproval}
      </label>
    </div>
  );
}
