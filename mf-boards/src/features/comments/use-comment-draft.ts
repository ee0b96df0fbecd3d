import { useState } from 'react';

export type DraftMode = 'view' | 'reply' | 'edit';

/**
 * A comment's reply or edit in progress. Blank replies are ignored; an edit that is blank or
 * unchanged closes without a call (spec §5); a failed save keeps the draft open.
 */
export function useCommentDraft(
  body: string,
  save: { reply(text: string): Promise<boolean>; edit(text: string): Promise<boolean> },
) {
  const [mode, setMode] = useState<DraftMode>('view');
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);

  const startReply = () => {
    setDraft('');
    setMode('reply');
  };
  const startEdit = () => {
    setDraft(body);
    setMode('edit');
  };
  const cancel = () => setMode('view');
  const submit = async () => {
    if (mode === 'view') return;
    const text = draft.trim();
    if (!text || (mode === 'edit' && text === body)) {
      if (mode === 'edit') setMode('view');
      return;
    }
    setBusy(true);
    const ok = await save[mode](text);
    setBusy(false);
    if (ok) {
      setMode('view');
      setDraft('');
    }
  };
  return { mode, draft, setDraft, busy, startReply, startEdit, cancel, submit };
}
