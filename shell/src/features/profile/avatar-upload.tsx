import type { UserDto } from '@trackboard/contracts';
import { apiRequest, errorReason, MessageBox } from '@trackboard/web-kit';
import { useRef, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import styles from './profile-page.module.css';

/**
 * Choosing one's picture: any photo or image; the server cuts it to a square around what matters
 * (faces, contrast) and keeps a small copy, so what comes back is what everyone sees.
 */
export function AvatarUpload({ hasPicture, onSaved }: { hasPicture: boolean; onSaved: (profile: UserDto) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  const send = async (change: () => Promise<UserDto>) => {
    setBusy(true);
    setProblem(undefined);
    try {
      onSaved(await change());
    } catch (error) {
      setProblem(uiMessages.avatarFailed(errorReason(error, uiMessages.tryAgain)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.avatarActions}>
      {problem && <MessageBox tone="error">{problem}</MessageBox>}
      <input
        ref={input}
        type="file"
        accept="image/*"
        className={styles.visuallyHidden}
        aria-label={uiMessages.avatarChoose}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void send(() => apiRequest<UserDto>('/auth/avatar', { method: 'PUT', file }));
        }}
      />
      <button type="button" className={styles.secondaryButton} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? uiMessages.saving : hasPicture ? uiMessages.avatarChange : uiMessages.avatarUpload}
      </button>
      {hasPicture && (
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={busy}
          onClick={() => void send(() => apiRequest<UserDto>('/auth/avatar', { method: 'DELETE' }))}
        >
          {uiMessages.avatarRemove}
        </button>
      )}
    </div>
  );
}
