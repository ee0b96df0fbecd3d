import { ApiError } from '@trackboard/web-kit';
import { issuePath, type LinkedIssueDto } from '@trackboard/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { refusalOf } from './failure-reason';
import { KeyForm } from './key-form';
import { linkApi } from './issue-links-api';
import { linkTexts } from './link-texts';
import styles from './issue-links.module.css';

interface ParentFieldProps {
  issueId: string;
  parentId: string | null;
  /** The parent as the sub-issues list names it (null until it has come, or when there is none). */
  parent: LinkedIssueDto | null;
  readOnly: boolean;
  onChanged(): void;
}

/** The issue's parent: named and opened, set by its key, or removed. */
export function ParentField({ issueId, parentId, parent, readOnly, onChanged }: ParentFieldProps) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (to: string | null) => {
    await linkApi.setParent(issueId, to);
    onChanged();
  };

  const choose = async (key: string) => {
    try {
      const found = await linkApi.byKey(key).catch((failure: unknown) => {
        // Unknown, or not shared with this person: said as the server says it of a relation's key.
        if (failure instanceof ApiError && failure.status === 404) throw new Error(linkTexts.parentNotFound);
        throw failure;
      });
      await send(found.id);
      setEditing(false);
      return null;
    } catch (failure) {
      return refusalOf(failure);
    }
  };

  const remove = async () => {
    setError(null);
    try {
      await send(null);
    } catch (failure) {
      setError(refusalOf(failure));
    }
  };

  if (editing)
    return (
      <KeyForm
        label={linkTexts.parentKey}
        placeholder={linkTexts.parentKeyPlaceholder}
        submitLabel={linkTexts.setParent}
        onSubmit={choose}
        onCancel={() => setEditing(false)}
      />
    );
  if (readOnly && !parentId) return null;
  return (
    <div className={styles.parent}>
      <span className={styles.label}>{linkTexts.parent}</span>
      {parent ? (
        <Link className={styles.issueLink} to={issuePath(parent.boardId, parent.key)}>
          <span className={styles.key}>{parent.key}</span>
          <span className={styles.title}>{parent.title}</span>
        </Link>
      ) : (
        <span className={styles.muted}>{parentId ? '…' : linkTexts.noParent}</span>
      )}
      {readOnly ? null : (
        <span className={styles.actions}>
          <button type="button" className={styles.linkButton} onClick={() => setEditing(true)}>
            {parentId ? linkTexts.changeParent : linkTexts.setParent}
          </button>
          {parentId ? (
            <button type="button" className={styles.linkButton} onClick={() => void remove()}>
              {linkTexts.removeParent}
            </button>
          ) : null}
        </span>
      )}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
