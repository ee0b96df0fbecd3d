import { draftKeys, draftStore } from './draft-store';

beforeEach(() => localStorage.clear());

describe('the draft store', () => {
  it('keeps every draft of a person on an issue under one prefix: the description and each comment box', () => {
    expect(draftKeys.description('7', '1')).toBe('7:issue:1:description');
    expect(draftKeys.comment('7', '1', { kind: 'new' })).toBe('7:issue:1:comment:new');
    expect(draftKeys.comment('7', '1', { kind: 'reply', commentId: '50' })).toBe('7:issue:1:comment:reply:50');
    expect(draftKeys.comment('7', '1', { kind: 'edit', commentId: '50' })).toBe('7:issue:1:comment:edit:50');

    draftStore.write(draftKeys.comment('7', '1', { kind: 'new' }), { text: 'Half a thought', base: '' });
    expect(JSON.parse(localStorage.getItem('trackboard.draft:7:issue:1:comment:new')!)).toEqual({
      text: 'Half a thought',
      base: '',
    });
  });

  it("reads a comment's draft back, and a field's only with its version", () => {
    const comment = draftKeys.comment('7', '1', { kind: 'edit', commentId: '50' });
    draftStore.write(comment, { text: 'Better words', base: 'Words' });
    expect(draftStore.readText(comment)).toEqual({ text: 'Better words', base: 'Words' });
    expect(draftStore.read(comment)).toBeNull();

    const description = draftKeys.description('7', '1');
    draftStore.write(description, { text: 'Goals, rewritten', version: 3, base: 'Goals' });
    expect(draftStore.read(description)).toEqual({ text: 'Goals, rewritten', version: 3, base: 'Goals' });

    draftStore.drop(comment);
    expect(draftStore.readText(comment)).toBeNull();
    localStorage.setItem(`trackboard.draft:${comment}`, '{not json');
    expect(draftStore.readText(comment)).toBeNull();
  });

  it("tells which issues a person keeps a draft of, and not someone else's", () => {
    draftStore.write(draftKeys.description('7', '1'), { text: 'Goals', version: 1, base: '' });
    draftStore.write(draftKeys.comment('7', '2', { kind: 'reply', commentId: '50' }), { text: 'Yes', base: '' });
    draftStore.write(draftKeys.comment('8', '3', { kind: 'new' }), { text: 'Mine', base: '' });
    localStorage.setItem('trackboard.theme', 'dark');

    expect(['1', '2', '3', '12'].filter((issueId) => draftStore.hasDraftOf('7', issueId))).toEqual(['1', '2']);
    expect(['1', '2', '3'].filter((issueId) => draftStore.hasDraftOf('8', issueId))).toEqual(['3']);

    draftStore.drop(draftKeys.description('7', '1'));
    expect(draftStore.hasDraftOf('7', '1')).toBe(false);
    // Storage cleared behind its back (signing out, say) is seen too.
    localStorage.clear();
    expect(draftStore.hasDraftOf('7', '2')).toBe(false);
  });

  it('says when a draft comes or goes, here or in another tab, not at every keystroke', () => {
    const heard = jest.fn();
    const stop = draftStore.subscribe(heard);
    const key = draftKeys.comment('7', '1', { kind: 'new' });

    draftStore.write(key, { text: 'H', base: '' });
    draftStore.write(key, { text: 'Ha', base: '' });
    draftStore.write(key, { text: 'Hal', base: '' });
    expect(heard).toHaveBeenCalledTimes(1);
    draftStore.drop(key);
    draftStore.drop(key);
    expect(heard).toHaveBeenCalledTimes(2);

    window.dispatchEvent(new StorageEvent('storage', { key: 'trackboard.draft:7:issue:4:description' }));
    expect(heard).toHaveBeenCalledTimes(3);
    window.dispatchEvent(new StorageEvent('storage', { key: 'trackboard.theme' }));
    expect(heard).toHaveBeenCalledTimes(3);

    stop();
    draftStore.write(key, { text: 'Again', base: '' });
    expect(heard).toHaveBeenCalledTimes(3);
  });

  it('forgets the replies and edits of comments that are gone, and keeps the rest', () => {
    const reply = (commentId: string) => draftKeys.comment('7', '1', { kind: 'reply', commentId });
    const edit = (commentId: string) => draftKeys.comment('7', '1', { kind: 'edit', commentId });
    draftStore.write(reply('50'), { text: 'Still there', base: '' });
    draftStore.write(reply('51'), { text: 'Deleted since', base: '' });
    draftStore.write(edit('52'), { text: 'Deleted too', base: 'Old' });
    draftStore.write(draftKeys.comment('7', '1', { kind: 'new' }), { text: 'New', base: '' });
    draftStore.write(draftKeys.comment('7', '2', { kind: 'reply', commentId: '51' }), { text: 'Elsewhere', base: '' });

    draftStore.dropCommentDraftsExcept('7', '1', new Set(['50']));

    expect(Object.keys(localStorage).sort()).toEqual([
      'trackboard.draft:7:issue:1:comment:new',
      'trackboard.draft:7:issue:1:comment:reply:50',
      'trackboard.draft:7:issue:2:comment:reply:51',
    ]);
  });
});
