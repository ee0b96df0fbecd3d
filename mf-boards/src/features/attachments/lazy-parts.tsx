import { uiMessages } from '../../ui-messages';
import { lazyPart } from '../../shared/lazy-part';
import type { AttachmentsSectionProps } from './attachments-section';

// What other features draw of the attachments, each loaded on first use: the board imports this
// feature's index for its cards, and the cold board has a byte budget (scripts/bundle-budget.mjs),
// which the section, the embedded images and the covers (with swr) would overrun. Their stand-ins
// are plain on purpose (no styles or words of their own to carry); lazyPart loads a part that
// did not arrive by itself once the connection is back.

const section = lazyPart<AttachmentsSectionProps>({
  load: async () => (await import(/* webpackChunkName: "attachments" */ './attachments-section')).AttachmentsSection,
  loading: () => null,
  failed: () => <p role="alert">{uiMessages.partLoadsWhenBack}</p>,
});

/** The issue dialog's files (its code loads with the dialog: preloadAttachments). */
export const AttachmentsSection = section.Part;
export const preloadAttachments = section.preload;

type ImageProps = { attachmentId: string; alt: string };
const image = lazyPart<ImageProps>({
  load: async () => (await import(/* webpackChunkName: "attachments" */ './attachment-image')).AttachmentImage,
  // The image's text, as the renderer draws an image it cannot show.
  loading: ({ alt }) => <span>{alt}</span>,
  failed: ({ alt }) => <span>{alt}</span>,
});

/** An image a description or comment embeds from the attachments. */
export const AttachmentImage = image.Part;

// Until its code arrives, and should it fail, the card keeps the cover's empty box.
const cover = lazyPart<{ attachmentId: string }>({
  load: async () => (await import(/* webpackChunkName: "card-cover" */ './card-cover')).CardCover,
  loading: () => null,
  failed: () => null,
});

/** A card's cover image. */
export const CardCover = cover.Part;
