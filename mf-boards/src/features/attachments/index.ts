// An issue's files: the dialog's section, dropped and pasted uploads, embedded images, card covers.
// The board imports this index eagerly (cards), so everything here is small: the parts with weight
// load on first use (lazy-parts.tsx, uploads.ts, card-drop.ts).
export { AttachmentImage, AttachmentsSection, CardCover, preloadAttachments } from './lazy-parts';
export type { AttachmentsSectionProps } from './attachments-section';
export { attachToIssue } from './card-drop';
export { carriesFiles, fileDropHint, useFileDrop } from './file-drop';
export { uploadFiles, uploadImage } from './uploads';
