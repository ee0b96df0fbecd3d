import { useRef } from 'react';
import { useAttachmentLink } from './attachments-api';
import styles from './attachments.module.css';

/**
 * A card's cover: its image's thumbnail, filling the box the card gives it (a fixed height, so the
 * long-column list can reckon the card's height). Decorative: the card is named by its title.
 */
export function CardCover({ attachmentId }: { attachmentId: string }) {
  const { data, mutate } = useAttachmentLink(attachmentId, 'thumbnail');
  // A link that stopped working (expired while the tab slept): one new one, not a loop.
  const renewed = useRef(false);
  if (!data) return null;
  return (
    <img
      className={styles.coverImage}
      src={data.url}
      alt=""
      loading="lazy"
      decoding="async"
      // Dragging the picture must drag the card, not the image as a file.
      draggable={false}
      onError={() => {
        if (renewed.current) return;
        renewed.current = true;
        void mutate();
      }}
    />
  );
}
