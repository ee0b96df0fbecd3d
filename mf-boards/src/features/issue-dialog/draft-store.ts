/**
 * An unsaved edit kept in this browser (localStorage) until it is saved or discarded, so closing
 * the dialog or the tab loses nothing. It keeps where the edit began too: restored later, a save
 * still meets any change made since (409) instead of overwriting it.
 */
export type KeptDraft = { text: string; version: number; base: string };

const PREFIX = 'trackboard.draft:';

const isDraft = (value: unknown): value is KeptDraft =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as KeptDraft).text === 'string' &&
  typeof (value as KeptDraft).version === 'number' &&
  typeof (value as KeptDraft).base === 'string';

// Storage can be full, switched off or hold anything: a draft that cannot be kept or read is simply not kept.
export const draftStore = {
  read(key: string): KeptDraft | null {
    try {
      const value: unknown = JSON.parse(window.localStorage.getItem(PREFIX + key) ?? 'null');
      return isDraft(value) ? value : null;
    } catch {
      return null;
    }
  },
  write(key: string, draft: KeptDraft): void {
    try {
      window.localStorage.setItem(PREFIX + key, JSON.stringify(draft));
    } catch {
      // not kept
    }
  },
  drop(key: string): void {
    try {
      window.localStorage.removeItem(PREFIX + key);
    } catch {
      // nothing to drop
    }
  },
};
