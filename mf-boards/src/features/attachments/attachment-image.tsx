import { useRef } from 'react';
import { attachmentTexts } from './attachment-texts';
import { useAttachmentLink } from './attachments-api';
import styles from './attachments.module.css';

/**
 * An image a description or comment embeds from the attachments (`![name](/api/attachments/12)`):
 * the stable address in the text becomes a short-lived link here, renewed while it is shown.
 */
export function AttachmentImage({ attachmentId, alt }: { attachmentId: string; alt: string }) {
  const { data, error, mutate } = useAttachmentLink(attachmentId, 'file');
  const renewed = useRef(false);
  if (error) return <span className={styles.missingImage}>{attachmentTexts.imageMissing(alt)}</span>;
  if (!data) return <span className={styles.pendingImage}>{alt}</span>;
  return (
    <img
      className={styles.embeddedImage}
      src={data.url}
      alt={alt}
      loading="lazy"
      referrerPolicy="no-referrer"
      draggable={false}
      onError={() => {
        if (renewed.current) return;
        renewed.current = true;
        void mutate();
      }}
    />
  );
}
