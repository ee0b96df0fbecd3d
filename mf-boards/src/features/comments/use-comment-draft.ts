import { useState } from 'react';
import { draftKeys, draftStore, type KeptText } from '../../shared/draft-store';

export type DraftMode = 'view' | 'reply' | 'edit';

/** Whose box, on which issue: where a comment box keeps its unsent text. None: nothing is kept. */
export type DraftOwner = { userId: string; issueId: string };

/**
 * A comment box's text kept in this browser until it is sent or discarded (draft-store), so
 * closing the dialog or the tab loses nothing. Blank text, or text as the box began, keeps nothing.
 */
function keeper(key: string | null) {
  return {
    read: () => (key ? draftStore.readText(key) : null),
    keep(text: string, base: string) {
      if (!key) return;
      if (!text.trim() || text === base) draftStore.drop(key);
      else draftStore.write(key, { text, base });
    },
    drop: () => (key ? draftStore.drop(key) : undefined),
  };
}

/** The new-comment box's kept text: back when the dialog opens again, gone once posted. */
export function useNewCommentDraft(owner: DraftOwner | null) {
  const kept = keeper(owner ? draftKeys.comment(owner.userId, owner.issueId, { kind: 'new' }) : null);
  const [restored, setRestored] = useState(() => kept.read());
  const [text, setTextNow] = useState(restored?.text ?? '');
  const setText = (next: string) => {
    setTextNow(next);
    kept.keep(next, '');
    if (!next.trim()) setRestored(null);
  };
  /** Posted, or not wanted: the box is empty and nothing is kept. */
  const clear = () => {
    kept.drop();
    setTextNow('');
    setRestored(null);
  };
  return { text, setText, restored: !!restored, clear };
}

/** A reply or an edit left unsent on this comment (an edit first): its box opens with it again. */
function keptReplyOrEdit(read: (mode: 'reply' | 'edit') => KeptText | null) {
  for (const mode of ['edit', 'reply'] as const) {
    const kept = read(mode);
    if (kept) return { mode, ...kept };
  }
  return null;
}

/**
 * A comment's reply or edit in progress. Blank replies are ignored; an edit that is blank or
 * unchanged closes without a call; a failed save keeps the draft open. Its text is kept
 * (for `owner`) until sent or cancelled.
 */
export function useCommentDraft(
  comment: { id: string; body: string },
  save: { reply(text: string): Promise<boolean>; edit(text: string): Promise<boolean> },
  owner: DraftOwner | null = null,
) {
  const { body } = comment;
  const keeperOf = (mode: DraftMode) =>
    keeper(
      owner && mode !== 'view'
        ? draftKeys.comment(owner.userId, owner.issueId, { kind: mode, commentId: comment.id })
        : null,
    );
  const [restored, setRestored] = useState(() => keptReplyOrEdit((mode) => keeperOf(mode).read()));
  const [mode, setMode] = useState<DraftMode>(restored?.mode ?? 'view');
  const [draft, setDraftNow] = useState(restored?.text ?? '');
  const [base, setBase] = useState(restored?.base ?? '');
  const [busy, setBusy] = useState(false);
  const kept = keeperOf(mode);

  const open = (next: DraftMode, text: string) => {
    setDraftNow(text);
    setBase(text);
    setMode(next);
    setRestored(null);
  };
  const startReply = () => open('reply', '');
  const startEdit = () => open('edit', body);
  const setDraft = (text: string) => {
    setDraftNow(text);
    kept.keep(text, base);
  };
  /** Cancel (or nothing to send): the box closes and its kept text goes. */
  const cancel = () => {
    kept.drop();
    setMode('view');
    setRestored(null);
  };
  const submit = async () => {
    if (mode === 'view') return;
    const text = draft.trim();
    if (!text || (mode === 'edit' && text === body)) {
      if (mode === 'edit') cancel();
      return;
    }
    setBusy(true);
    const ok = await save[mode](text);
    setBusy(false);
    if (ok) {
      cancel();
      setDraftNow('');
    }
  };
  return { mode, draft, setDraft, busy, restored: !!restored, startReply, startEdit, cancel, submit };
}
