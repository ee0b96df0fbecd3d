import * as Dialog from '@radix-ui/react-dialog';
import type { AttachmentDto } from '@trackboard/contracts';
import { Spinner } from '@trackboard/web-kit';
import { attachmentTexts } from './attachment-texts';
import { useAttachmentLink } from './attachments-api';
import { DownloadLink } from './download-link';
import styles from './attachments.module.css';

export interface LightboxProps {
  attachment: AttachmentDto;
  onClose(): void;
}

/**
 * One image at full size over the issue dialog, with its name and a Download link. Radix layers
 * it over the dialog: Escape or a click beside the image closes only this one, and the
 * focus goes back to the thumbnail that opened it.
 */
export function Lightbox({ attachment, onClose }: LightboxProps) {
  const file = useAttachmentLink(attachment.id, 'file');
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.lightboxOverlay} />
        <Dialog.Content className={styles.lightbox} aria-describedby={undefined}>
          <div className={styles.lightboxBar}>
            <Dialog.Title className={styles.lightboxTitle}>{attachment.fileName}</Dialog.Title>
            <DownloadLink attachment={attachment} className={styles.lightboxAction} />
            <Dialog.Close className={styles.lightboxClose} aria-label={attachmentTexts.close}>
              ×
            </Dialog.Close>
          </div>
          <div className={styles.lightboxStage}>
            {file.data ? (
              <img
                className={styles.lightboxImage}
                src={file.data.url}
                alt={attachment.fileName}
                width={attachment.width ?? undefined}
                height={attachment.height ?? undefined}
                draggable={false}
              />
            ) : file.error ? (
              <p className={styles.lightboxMessage}>{attachmentTexts.imageMissing(attachment.fileName)}</p>
            ) : (
              <Spinner />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
