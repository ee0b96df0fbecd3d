import type { AttachmentDto } from '@trackboard/contracts';
import { attachmentTexts } from './attachment-texts';
import { useAttachmentLink } from './attachments-api';

/**
 * A real link to the file as a download (so it can also be saved or copied), on a signed address
 * kept fresh while it is shown; until that address is known it is text, not yet a link.
 */
export function DownloadLink({ attachment, className }: { attachment: AttachmentDto; className?: string }) {
  const { data } = useAttachmentLink(attachment.id, 'download');
  return (
    <a
      className={className}
      href={data?.url}
      download={attachment.fileName}
      aria-label={attachmentTexts.downloadFile(attachment.fileName)}
      // The link is the download: a click must not also open an editor or the lightbox around it.
      onClick={(event) => event.stopPropagation()}
    >
      {attachmentTexts.download}
    </a>
  );
}
