import { lazyPart } from '../../shared/lazy-part';
import { attachmentTexts } from './attachment-texts';
import type { LightboxProps } from './lightbox';
import styles from './attachments.module.css';

// The full-size view loads on first use: most dialogs open no image. The section starts loading
// it as soon as it shows a thumbnail.
const lightbox = lazyPart<LightboxProps>({
  load: async () => (await import(/* webpackChunkName: "lightbox" */ './lightbox')).Lightbox,
  loading: () => null,
  failed: (_props, { retry }) => (
    <p className={styles.muted} role="alert">
      {attachmentTexts.lightboxFailed}{' '}
      <button type="button" className={styles.linkButton} onClick={retry}>
        {attachmentTexts.retry}
      </button>
    </p>
  ),
});

export const Lightbox = lightbox.Part;
export const preloadLightbox = lightbox.preload;
