import { issuePath } from '@trackboard/contracts';
import { useEffect, useState } from 'react';
import { uiMessages } from '../../ui-messages';
import keyStyles from './issue-key.module.css';

/** The issue's address (its deep link), as a person would paste it. */
export const issueUrl = (boardId: string, key: string) => `${window.location.origin}${issuePath(boardId, key)}`;

/** The key and a button that copies the issue's link, saying so for a moment. */
export function IssueKey({ boardId, issueKey }: { boardId: string; issueKey: string }) {
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(null), 2000);
    return () => clearTimeout(timer);
  }, [said]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issueUrl(boardId, issueKey));
      setSaid(uiMessages.linkCopied);
    } catch {
      setSaid(uiMessages.copyLinkFailed);
    }
  };

  return (
    <div className={keyStyles.keyRow}>
      <span className={keyStyles.key}>{issueKey}</span>
      <button
        type="button"
        className={keyStyles.copyLink}
        onClick={() => void copy()}
        aria-label={uiMessages.copyLinkTo(issueKey)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path
            d="M6.5 9.5l3-3M7 4.5l1.2-1.2a2.5 2.5 0 013.5 3.5L10.5 8M9 11.5l-1.2 1.2a2.5 2.5 0 01-3.5-3.5L5.5 8"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </svg>
        {uiMessages.copyLink}
      </button>
      <span className={keyStyles.copied} role="status">
        {said}
      </span>
    </div>
  );
}
