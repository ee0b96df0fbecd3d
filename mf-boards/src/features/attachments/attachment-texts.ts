import { boardText as t, uiMessages } from '../../ui-messages';

/** What the attachments say: the issue dialog's section, the lightbox, uploads and their failures. */
export const attachmentTexts = {
  get heading() {
    return t('attachmentsHeading');
  },
  get loading() {
    return t('loadingAttachments');
  },
  get loadFailed() {
    return t('attachmentsLoadFailed');
  },
  get retry() {
    return t('retry');
  },
  imageMissing: (alt: string) => (alt ? t('imageMissingNamed', { alt }) : t('imageMissing')),
  get attach() {
    return t('attach');
  },
  get attachFiles() {
    return t('attachFiles');
  },
  get none() {
    return t('noAttachments');
  },
  get noneReadOnly() {
    return t('noAttachmentsReadOnly');
  },
  get download() {
    return t('download');
  },
  downloadFile: (name: string) => t('downloadFile', { name }),
  open: (name: string) => t('openFile', { name }),
  get close() {
    return t('close');
  },
  get lightboxFailed() {
    return t('lightboxFailed');
  },
  get cover() {
    return t('cover');
  },
  get setCover() {
    return t('setCover');
  },
  get removeCover() {
    return t('removeCover');
  },
  coverFailed: (reason: string) => t('coverFailed', { reason }),
  get coverFailedReason() {
    return t('serverRefused');
  },
  get delete() {
    return t('delete');
  },
  deleteFile: (name: string) => t('deleteForm', { name }),
  get deleteTitle() {
    return t('deleteAttachmentTitle');
  },
  confirmDelete: (name: string) => t('confirmDeleteAttachment', { name }),
  deleteFailed: (name: string, reason: string) => t('deleteAttachmentFailed', { name, reason }),
  get deleteFailedReason() {
    return t('serverRefused');
  },
  uploadedBy: (name: string) => t('uploadedBy', { name: name || uiMessages.unknownUser }),
  uploading: (name: string) => t('uploading', { name }),
  cancelUpload: (name: string) => t('cancelUpload', { name }),
  get cancel() {
    return t('cancel');
  },
  uploadFailed: (name: string, reason: string) => t('uploadFailed', { name, reason }),
  get uploadFailedReason() {
    return t('uploadFailedReason');
  },
  get connectionLost() {
    return t('connectionLost');
  },
  attachedTo: (count: number, key: string) => t.plural('attachedTo', count, { issueKey: key }),
};
