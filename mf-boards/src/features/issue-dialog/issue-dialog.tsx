import * as Dialog from '@radix-ui/react-dialog';
import type { BoardUser, IssueDto } from '@trackboard/contracts';
import { MessageBox } from '@trackboard/web-kit';
import type { ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { EditableField } from './editable-field';
import { EditableTitle } from './editable-title';
import { LinksList, splitLinks } from './links-list';
import { SplitPanes } from './split-panes';
import { StatusSelect } from './status-select';
import type { EditOutcome, IssueFieldChanges } from './types';
import styles from './issue-dialog.module.css';

export interface IssueDialogProps {
  open: boolean;
  issue: IssueDto | null;
  loading: boolean;
  columns: { id: string; name: string }[];
  users: BoardUser[];
  /** Spec §6: admin and team leader. */
  canDelete: boolean;
  updateError: string | null;
  /** The 409 message: someone else changed the issue; the fresh values are shown. */
  conflict: string | null;
  /** The right pane. */
  comments: ReactNode;
  onClose(): void;
  onUpdate(changes: IssueFieldChanges): Promise<EditOutcome>;
  onDelete(): void;
}

/** The issue detail dialog (spec §2.12), over the board. Escape, a backdrop click or × close it. */
export function IssueDialog({
  open,
  issue,
  loading,
  columns,
  users,
  canDelete,
  updateError,
  conflict,
  comments,
  onClose,
  onUpdate,
  onDelete,
}: IssueDialogProps) {
  const ownerName = (owner: string) => users.find((user) => user.id === owner)?.name ?? owner;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} data-testid="dialog-backdrop" />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          {loading || !issue ? (
            <>
              <Dialog.Title className={styles.visuallyHidden}>Issue details</Dialog.Title>
              <p className={styles.loading} role="status">
                {uiMessages.loadingIssue}
              </p>
              <Dialog.Close className={styles.button}>Close</Dialog.Close>
            </>
          ) : (
            <>
              <header className={styles.header}>
                <div className={styles.titleArea}>
                  <EditableTitle
                    key={`${issue.id}-title`}
                    title={issue.title}
                    onSave={(title) => onUpdate({ title })}
                  />
                </div>
                <div className={styles.headerActions}>
                  <StatusSelect
                    columnId={issue.columnId}
                    columns={columns}
                    onChoose={(columnId) => void onUpdate({ columnId })}
                  />
                  {canDelete ? (
                    <button
                      type="button"
                      className={styles.danger}
                      onClick={() => {
                        if (window.confirm(uiMessages.confirmDeleteIssue)) onDelete();
                      }}
                    >
                      Delete Issue
                    </button>
                  ) : null}
                  <Dialog.Close className={styles.close} aria-label="Close">
                    ×
                  </Dialog.Close>
                </div>
              </header>
              <div className={styles.messages}>
                {conflict ? <MessageBox tone="notice">{conflict}</MessageBox> : null}
                {updateError ? <MessageBox tone="error">{uiMessages.updateError(updateError)}</MessageBox> : null}
              </div>
              <SplitPanes
                left={
                  <div key={issue.id}>
                    <EditableField
                      label="Owner"
                      value={issue.owner ?? ''}
                      placeholder="User ID or name"
                      multiline={false}
                      renderValue={ownerName}
                      onSave={(owner) => onUpdate({ owner })}
                    />
                    <EditableField
                      label="Description"
                      value={issue.description ?? ''}
                      placeholder="Detailed description of the issue"
                      onSave={(description) => onUpdate({ description })}
                    />
                    <EditableField
                      label="Related Code"
                      value={issue.relatedCode ?? ''}
                      placeholder="Paste relevant code snippets here..."
                      monospace
                      onSave={(relatedCode) => onUpdate({ relatedCode })}
                    />
                    <EditableField
                      label="Links"
                      value={(issue.links ?? []).join('\n')}
                      placeholder="Enter links, one per line"
                      renderValue={(text) => <LinksList links={splitLinks(text)} />}
                      onSave={(text) => onUpdate({ links: splitLinks(text) })}
                    />
                    <EditableField
                      label="Instructions"
                      value={issue.instructions ?? ''}
                      placeholder="Provide instructions for scheduled tasks..."
                      onSave={(instructions) => onUpdate({ instructions })}
                    />
                  </div>
                }
                right={comments}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
