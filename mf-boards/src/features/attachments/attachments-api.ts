import type { AttachmentDto, AttachmentLinkDto, IssueWriteResult } from '@trackboard/contracts';
import { api, retryUnlessClientError } from '@trackboard/web-kit';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';

// An issue's files, through web-kit's client. The writes go without this page's origin id on
// purpose: the board room's echo then counts as anyone's, so the card's count and cover (and the
// open dialog's issue) follow from it, as the label writes of the settings screen do.

/** Which file a link serves: the image itself, its thumbnail, or the file as a download. */
export type LinkVariant = 'file' | 'thumbnail' | 'download';

const id = (value: string) => encodeURIComponent(value);

export const attachmentKeys = {
  list: (issueId: string) => ['attachments', issueId] as const,
  link: (attachmentId: string, variant: LinkVariant) => ['attachment-link', attachmentId, variant] as const,
};

export const attachmentApi = {
  /** Oldest first. */
  list: (issueId: string) => api.get<AttachmentDto[]>(`/issues/${id(issueId)}/attachments`),
  /** A short-lived address that needs no token: an `<img>` can't send one. */
  link: (attachmentId: string, variant: LinkVariant) =>
    api.get<AttachmentLinkDto>(`/attachments/${id(attachmentId)}/link?variant=${variant}`),
  remove: (attachmentId: string) => api.delete<void>(`/attachments/${id(attachmentId)}`),
  /** One of the issue's images on its card, or none. */
  setCover: (issueId: string, coverAttachmentId: string | null) =>
    api.put<IssueWriteResult>(`/issues/${id(issueId)}/cover`, { coverAttachmentId }),
};

/**
 * The issue's attachments, asked for again whenever its count moves (anyone's upload or delete,
 * told by the board room) or one of this page's uploads lands. One key per issue, asked again
 * rather than a key per count: a count seen before (5 → 4 after a delete) would bring back its
 * cached list, deleted file and all. An issue counting none asks nothing: most issues have no
 * files, and the dialog should not pay a request to learn it.
 */
export function useAttachments(issueId: string, count: number, landed: number) {
  const listed = count > 0 || landed > 0;
  const list = useSWR(listed ? attachmentKeys.list(issueId) : null, () => attachmentApi.list(issueId), {
    shouldRetryOnError: retryUnlessClientError,
  });
  const { mutate } = list;
  const revision = `${count}:${landed}`;
  const seen = useRef({ revision, listed });
  useEffect(() => {
    const before = seen.current;
    seen.current = { revision, listed };
    // A list asked for just now (its first file) needs no second request.
    if (before.revision !== revision && before.listed && listed) void mutate();
  }, [revision, listed, mutate]);
  return {
    attachments: listed ? list.data : [],
    error: listed ? list.error : undefined,
    mutate,
  };
}

/** A link is asked for again this long before it expires, so a Download clicked then still works. */
export const LINK_RENEW_BEFORE_MS = 60_000;

/**
 * When to ask for the next link: shortly before this one expires. Never sooner than the margin
 * itself, so a browser clock far ahead of the server's cannot turn this into a request a second.
 */
export function linkRenewIn(expiresAt: string, now = Date.now()): number {
  const expires = Date.parse(expiresAt);
  if (!Number.isFinite(expires)) return LINK_RENEW_BEFORE_MS;
  return Math.max(LINK_RENEW_BEFORE_MS, expires - now - LINK_RENEW_BEFORE_MS);
}

/** The link expires within the margin (or has): time to ask for the next. */
export function linkDue(expiresAt: string, now = Date.now()): boolean {
  const expires = Date.parse(expiresAt);
  return !Number.isFinite(expires) || expires - now <= LINK_RENEW_BEFORE_MS;
}

/** A file's link, kept fresh while it is shown. One request serves every place showing the same file. */
export function useAttachmentLink(attachmentId: string | null, variant: LinkVariant) {
  const link = useSWR(
    attachmentId ? attachmentKeys.link(attachmentId, variant) : null,
    () => attachmentApi.link(attachmentId!, variant),
    {
      refreshInterval: (data) => (data ? linkRenewIn(data.expiresAt) : 0),
      // A card and the dialog's grid showing one cover, or a lightbox opened and closed again, share it.
      dedupingInterval: LINK_RENEW_BEFORE_MS,
      // The timer keeps it fresh; a focus would ask again for every image on the board.
      revalidateOnFocus: false,
      shouldRetryOnError: retryUnlessClientError,
    },
  );
  // swr skips its timer while the tab is hidden and waits a whole interval again: back after a
  // long absence, a link that ran out meanwhile is renewed at once (only those).
  const { data, mutate } = link;
  useEffect(() => {
    if (!data) return;
    const renewIfDue = () => {
      if (document.visibilityState === 'visible' && linkDue(data.expiresAt)) void mutate();
    };
    document.addEventListener('visibilitychange', renewIfDue);
    return () => document.removeEventListener('visibilitychange', renewIfDue);
  }, [data, mutate]);
  return link;
}
