import * as Dialog from '@radix-ui/react-dialog';
import type { BoardUser, IssueDto } from '@trackboard/contracts';
import { MessageBox, useDocumentTitle } from '@trackboard/web-kit';
import { useCallback, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { AttachmentsSection, fileDropHint, uploadFiles, uploadImage, useFileDrop } from '../attachments';
import { IssueLinksSection, ParentCrumb } from '../issue-links';
import { ImageUploads, MentionMembers } from '../markdown';
import { IssuePresence } from '../../shared/presence/presence-avatars';
import { IssueKey } from './copy-link-button';
import { DeleteIssueButton } from './delete-issue-button';
import { EditableTitle } from './editable-title';
import { IssueFields } from './issue-fields';
import { DialogReadOnly } from './read-only';
import { SideTabs } from './side-tabs';
import { SplitPanes } from './split-panes';
import { StatusSelect } from './status-select';
import type { UpdateIssue } from '../../shared/board-store';
import { WatchToggle } from './watch-toggle';
import styles from './issue-dialog.module.css';

export interface IssueDialogProps {
  open: boolean;
  issue: IssueDto | null;
  loading: boolean;
  columns: { id: string; name: string }[];
  users: BoardUser[];
  /** Spec §6: admin and team leader. */
  canDelete: boolean;
  /** May delete a file this person uploaded (the uploader, the project lead, an admin). */
  canDeleteAttachment(uploaderId: string): boolean;
  /**
   * The project is archived, or the reader one of its viewers: every field shows its value, none is
   * edited, nothing is deleted; `readOnlyNotice` says why (the archived notice unless given).
   */
  readOnly?: boolean;
  readOnlyNotice?: string;
  updateError: string | null;
  /** The 409 message: someone else changed the issue; the fresh values are shown. */
  conflict: string | null;
  /** The right pane's Comments tab (History is beside it). */
  comments: ReactNode;
  onClose(): void;
  onUpdate: UpdateIssue;
  onDelete(): void;
}

/**
 * The issue detail dialog, over the board. Escape, a backdrop click or ×
 * close it; Escape inside a picker closes only the picker.
 */
export function IssueDialog({
  open,
  issue,
  loading,
  columns,
  users,
  canDelete,
  canDeleteAttachment,
  readOnly = false,
  readOnlyNotice,
  updateError,
  conflict,
  comments,
  onClose,
  onUpdate,
  onDelete,
}: IssueDialogProps) {
  // The tab names the open issue ("WEB-12 Fix the login · Trackboard"), over the board's name.
  useDocumentTitle(open && issue ? `${issue.key} ${issue.title}` : undefined);
  // Files dropped anywhere on the dialog, and images pasted into its Markdown boxes, go to the issue.
  const issueId = issue && !loading && !readOnly ? issue.id : null;
  const drop = useFileDrop(issueId ? (files) => void uploadFiles(issueId, files) : null);
  const pasteImage = useCallback((file: File) => uploadImage(issueId!, file), [issueId]);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} data-testid="dialog-backdrop" />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          {...drop.dropProps}
          onEscapeKeyDown={(event) => {
            // Escape in a picker (cmdk's, or the `@` mention list of a text box) closes only the
            // picker; in a click-to-edit editor it leaves the editor (EditorFrame).
            if (
              event.target instanceof Element &&
              event.target.closest('[cmdk-root], [data-mention-open], [data-editor]')
            )
              event.preventDefault();
          }}
        >
          {loading || !issue ? (
            <>
              <Dialog.Title className={styles.visuallyHidden}>{uiMessages.issueDetails}</Dialog.Title>
              <p className={styles.loading} role="status">
                {uiMessages.loadingIssue}
              </p>
              <Dialog.Close className={styles.button}>{uiMessages.close}</Dialog.Close>
            </>
          ) : (
            <DialogReadOnly.Provider value={readOnly}>
              <header className={styles.header}>
                <div className={styles.titleArea}>
                  {issue.parentId ? <ParentCrumb issue={issue} /> : null}
                  {issue.key ? <IssueKey boardId={issue.boardId} issueKey={issue.key} /> : null}
                  <EditableTitle key={`${issue.id}-title`} issue={issue} onUpdate={onUpdate} />
                  <IssuePresence issueId={issue.id} />
                </div>
                <div className={styles.headerActions}>
                  <WatchToggle key={issue.id} issueId={issue.id} />
                  <StatusSelect
                    columnId={issue.columnId}
                    columns={columns}
                    onChoose={(columnId) => void onUpdate({ columnId })}
                  />
                  {canDelete && !readOnly ? <DeleteIssueButton onDelete={onDelete} /> : null}
                  <Dialog.Close className={styles.close} aria-label={uiMessages.close}>
                    ×
                  </Dialog.Close>
                </div>
              </header>
              <div className={styles.messages}>
                {/* The board's banner is behind the dialog (or never seen, on an issue's own link). */}
                {readOnly ? <MessageBox tone="notice">{readOnlyNotice ?? uiMessages.archivedBanner}</MessageBox> : null}
                {conflict ? <MessageBox tone="notice">{conflict}</MessageBox> : null}
                {updateError ? <MessageBox tone="error">{uiMessages.updateError(updateError)}</MessageBox> : null}
              </div>
              {/* Every Markdown box in the dialog (description, comments) may mention the project's members. */}
              <MentionMembers.Provider value={users}>
                <ImageUploads.Provider value={issueId ? pasteImage : null}>
                  <SplitPanes
                    left={
                      <IssueFields
                        key={issue.id}
                        issue={issue}
                        users={users}
                        onUpdate={onUpdate}
                        attachments={
                          <>
                            <AttachmentsSection issue={issue} readOnly={readOnly} canDelete={canDeleteAttachment} />
                            <IssueLinksSection key={issue.id} issue={issue} readOnly={readOnly} />
                          </>
                        }
                      />
                    }
                    right={<SideTabs issue={issue} comments={comments} />}
                  />
                </ImageUploads.Provider>
              </MentionMembers.Provider>
              {drop.over ? (
                <div className={styles.dropCover} aria-hidden="true">
                  {fileDropHint()}
                </div>
              ) : null}
            </DialogReadOnly.Provider>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
