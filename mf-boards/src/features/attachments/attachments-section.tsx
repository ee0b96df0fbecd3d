import type { AttachmentDto, IssueDto } from '@trackboard/contracts';
import { errorReason, numberFormat, showToast } from '@trackboard/web-kit';
import { useConfirm } from '@trackboard/web-kit/confirm-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { applyAnswer } from '../../shared/board-store';
import { PaperclipIcon } from '../../shared/paperclip-icon';
import { attachmentTexts } from './attachment-texts';
import { attachmentApi, useAttachmentLink, useAttachments } from './attachments-api';
import { DownloadLink } from './download-link';
import { formatFileSize } from './file-size';
import { Lightbox, preloadLightbox } from './lazy-lightbox';
import { cancelUpload, uploadFiles, useUploads, type Upload } from './upload-store';
import styles from './attachments.module.css';

export interface AttachmentsSectionProps {
  issue: Pick<IssueDto, 'id' | 'attachmentCount' | 'coverAttachmentId'>;
  /** The project is archived: the files are shown and downloaded, nothing is added or removed. */
  readOnly: boolean;
  /** May delete a file this person uploaded (the uploader, the project lead, an admin). */
  canDelete(uploaderId: string): boolean;
}

/** A cover change sent, shown until the board room brings the issue with it. */
type CoverChange = { from: string | null; to: string | null };

/**
 * The issue dialog's files: images as a grid of thumbnails (a click shows one at full size),
 * other files as rows to download, the uploads under way with their progress, Attach to add more.
 */
export function AttachmentsSection({ issue, readOnly, canDelete }: AttachmentsSectionProps) {
  const headingId = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const landed = useUploads((state) => state.landed[issue.id] ?? 0);
  const uploads = useUploads(useShallow((state) => state.uploads.filter((upload) => upload.issueId === issue.id)));
  const { attachments, error, mutate } = useAttachments(issue.id, issue.attachmentCount, landed);
  const [viewing, setViewing] = useState<AttachmentDto | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [coverChange, setCoverChange] = useState<CoverChange | null>(null);
  const [confirmDialog, confirm] = useConfirm();
  const cover = coverChange && coverChange.from === issue.coverAttachmentId ? coverChange.to : issue.coverAttachmentId;

  const images = attachments?.filter((attachment) => attachment.image) ?? [];
  const files = attachments?.filter((attachment) => !attachment.image) ?? [];
  // The full-size view's code, while the thumbnails draw: a click then opens it at once.
  useEffect(() => {
    if (images.length > 0) preloadLightbox();
  }, [images.length]);

  const setCover = async (to: string | null) => {
    const from = issue.coverAttachmentId;
    setBusy(to ?? cover);
    try {
      const answered = await attachmentApi.setCover(issue.id, to);
      applyAnswer(answered.boardId, answered);
      setCoverChange({ from, to: answered.coverAttachmentId });
    } catch (failure) {
      showToast({
        text: attachmentTexts.coverFailed(errorReason(failure, attachmentTexts.coverFailedReason)),
        tone: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (attachment: AttachmentDto) => {
    const sure = await confirm({
      title: attachmentTexts.deleteTitle,
      message: attachmentTexts.confirmDelete(attachment.fileName),
      confirmLabel: attachmentTexts.delete,
      danger: true,
    });
    if (!sure) return;
    setBusy(attachment.id);
    try {
      await attachmentApi.remove(attachment.id);
      // Gone from here at once; the board room's count then asks for the list again.
      await mutate((list) => list?.filter((known) => known.id !== attachment.id), { revalidate: false });
    } catch (failure) {
      showToast({
        text: attachmentTexts.deleteFailed(
          attachment.fileName,
          errorReason(failure, attachmentTexts.deleteFailedReason),
        ),
        tone: 'error',
      });
    } finally {
      setBusy(null);
    }
  };

  const count = attachments?.length ?? issue.attachmentCount;
  const actions = (attachment: AttachmentDto) => ({
    busy: busy === attachment.id,
    deletable: !readOnly && canDelete(attachment.uploaderId),
    onDelete: () => void remove(attachment),
  });

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h3 id={headingId} className={styles.heading}>
          {attachmentTexts.heading}
          {count > 0 ? <span className={styles.count}>{count}</span> : null}
        </h3>
        {readOnly ? null : (
          <>
            <button type="button" className={styles.button} onClick={() => input.current?.click()}>
              <PaperclipIcon size={14} />
              {attachmentTexts.attach}
            </button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={attachmentTexts.attachFiles}
              onChange={(event) => {
                const chosen = Array.from(event.target.files ?? []);
                // Emptied, so choosing the same file again is a change too.
                event.target.value = '';
                if (chosen.length > 0) void uploadFiles(issue.id, chosen);
              }}
            />
          </>
        )}
      </div>

      {uploads.length > 0 ? (
        <ul className={styles.uploads}>
          {uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} />
          ))}
        </ul>
      ) : null}

      {error && !attachments ? (
        <div className={styles.muted} role="alert">
          {attachmentTexts.loadFailed}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void mutate()}>
            {attachmentTexts.retry}
          </button>
        </div>
      ) : !attachments ? (
        <p className={styles.muted} role="status">
          {attachmentTexts.loading}
        </p>
      ) : attachments.length === 0 && uploads.length === 0 ? (
        <p className={styles.muted}>{readOnly ? attachmentTexts.noneReadOnly : attachmentTexts.none}</p>
      ) : null}

      {images.length > 0 ? (
        <ul className={styles.grid}>
          {images.map((image) => (
            <ImageTile
              key={image.id}
              image={image}
              isCover={image.id === cover}
              readOnly={readOnly}
              {...actions(image)}
              onOpen={() => setViewing(image)}
              onCover={(on) => void setCover(on ? image.id : null)}
            />
          ))}
        </ul>
      ) : null}

      {files.length > 0 ? (
        <ul className={styles.files}>
          {files.map((file) => (
            <FileRow key={file.id} file={file} {...actions(file)} />
          ))}
        </ul>
      ) : null}

      {viewing ? <Lightbox attachment={viewing} onClose={() => setViewing(null)} /> : null}
      {confirmDialog}
    </section>
  );
}

interface FileActions {
  busy: boolean;
  deletable: boolean;
  onDelete(): void;
}

function DeleteButton({ fileName, busy, onDelete }: { fileName: string } & Omit<FileActions, 'deletable'>) {
  return (
    <button
      type="button"
      className={styles.linkButton}
      disabled={busy}
      aria-label={attachmentTexts.deleteFile(fileName)}
      onClick={onDelete}
    >
      {attachmentTexts.delete}
    </button>
  );
}

function ImageTile({
  image,
  isCover,
  readOnly,
  busy,
  deletable,
  onDelete,
  onOpen,
  onCover,
}: FileActions & {
  image: AttachmentDto;
  isCover: boolean;
  readOnly: boolean;
  onOpen(): void;
  onCover(on: boolean): void;
}) {
  const { data } = useAttachmentLink(image.id, image.thumbnail ? 'thumbnail' : 'file');
  return (
    <li className={styles.tile} data-attachment-id={image.id}>
      <button type="button" className={styles.thumb} aria-label={attachmentTexts.open(image.fileName)} onClick={onOpen}>
        {data ? <img src={data.url} alt="" loading="lazy" draggable={false} /> : null}
        {isCover ? <span className={styles.coverMark}>{attachmentTexts.cover}</span> : null}
      </button>
      <span className={styles.tileName} title={image.fileName}>
        {image.fileName}
      </span>
      {readOnly ? null : (
        <span className={styles.tileActions}>
          <button type="button" className={styles.linkButton} disabled={busy} onClick={() => onCover(!isCover)}>
            {isCover ? attachmentTexts.removeCover : attachmentTexts.setCover}
          </button>
          {deletable ? <DeleteButton fileName={image.fileName} busy={busy} onDelete={onDelete} /> : null}
        </span>
      )}
    </li>
  );
}

function FileRow({ file, busy, deletable, onDelete }: FileActions & { file: AttachmentDto }) {
  return (
    <li className={styles.fileRow} data-attachment-id={file.id}>
      <FileIcon />
      <span className={styles.fileText}>
        <span className={styles.fileName} title={file.fileName}>
          {file.fileName}
        </span>
        <span className={styles.fileMeta}>
          {formatFileSize(file.size)} · {attachmentTexts.uploadedBy(file.uploaderName)}
        </span>
      </span>
      <DownloadLink attachment={file} className={styles.linkButton} />
      {deletable ? <DeleteButton fileName={file.fileName} busy={busy} onDelete={onDelete} /> : null}
    </li>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  const shown = numberFormat({ style: 'percent' }).format(percent / 100);
  return (
    <li className={styles.uploadRow}>
      <span className={styles.fileName} title={upload.fileName}>
        {upload.fileName}
      </span>
      <progress
        className={styles.progress}
        max={upload.total || 1}
        value={upload.loaded}
        aria-label={attachmentTexts.uploading(upload.fileName)}
      />
      <span className={styles.percent} aria-hidden="true">
        {shown}
      </span>
      <button
        type="button"
        className={styles.linkButton}
        aria-label={attachmentTexts.cancelUpload(upload.fileName)}
        onClick={() => cancelUpload(upload.id)}
      >
        {attachmentTexts.cancel}
      </button>
    </li>
  );
}

function FileIcon() {
  return (
    <svg className={styles.fileIcon} viewBox="0 0 16 16" width="20" height="20" aria-hidden="true">
      <path
        d="M4 1.5h5.5L13 5v9.5H4z M9.5 1.5V5H13"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
