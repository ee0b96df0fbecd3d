/** @jest-environment node */
import { decideShortcut, sequenceTimeoutMs, type KeyContext, type KeyPress } from './shortcut-decision';

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  at: 10_000,
  ...extra,
});
const onPage: KeyContext = { focusTakesKeys: false, dialog: 'none' };
const inField: KeyContext = { focusTakesKeys: true, dialog: 'none' };
const overDialog: KeyContext = { focusTakesKeys: false, dialog: 'other' };
const overOwnDialog: KeyContext = { focusTakesKeys: false, dialog: 'own' };
const actionOf = (key: KeyPress, context = onPage, gPressedAt: number | null = null) =>
  decideShortcut(key, context, gPressedAt).action;

describe('keyboard shortcuts', () => {
  it.each([
    ['/', 'focus-filter'],
    ['c', 'create-issue'],
    ['?', 'show-shortcuts'],
  ] as const)('%s on the page asks for %s', (key, action) => {
    expect(actionOf(press(key))).toBe(action);
  });

  it('opens the palette with Ctrl+K and Cmd+K, in a text field too, whatever the case', () => {
    expect(actionOf(press('k', { ctrlKey: true }))).toBe('palette');
    expect(actionOf(press('k', { metaKey: true }))).toBe('palette');
    expect(actionOf(press('K', { ctrlKey: true }), inField)).toBe('palette');
    expect(actionOf(press('k', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(actionOf(press('k'))).toBeNull();
  });

  it('leaves every key to a text field (or select, listbox…) that has the focus', () => {
    for (const key of ['/', 'c', '?', 'g']) expect(decideShortcut(press(key), inField, null)).toEqual(noAction);
    expect(actionOf(press('d'), inField, 9_900)).toBeNull();
  });

  it('fires nothing with Ctrl, Cmd or Alt held (the browser’s and the system’s own chords)', () => {
    for (const modifier of ['ctrlKey', 'metaKey', 'altKey'] as const) {
      expect(actionOf(press('c', { [modifier]: true }))).toBeNull();
      expect(actionOf(press('/', { [modifier]: true }))).toBeNull();
      expect(decideShortcut(press('g', { [modifier]: true }), onPage, null).gPressedAt).toBeNull();
    }
  });

  it('fires nothing over another dialog, not even the palette', () => {
    for (const key of [press('c'), press('?'), press('k', { ctrlKey: true })])
      expect(actionOf(key, overDialog)).toBeNull();
  });

  it('over its own palette or shortcuts dialog, answers Ctrl+K only', () => {
    expect(actionOf(press('k', { ctrlKey: true }), overOwnDialog)).toBe('palette');
    for (const key of ['c', '/', '?', 'g']) expect(decideShortcut(press(key), overOwnDialog, null)).toEqual(noAction);
  });

  it('undoes with Ctrl+Z and Cmd+Z outside a text field, over the issue dialog too, but not Ctrl+Shift+Z', () => {
    expect(actionOf(press('z', { ctrlKey: true }))).toBe('undo');
    expect(actionOf(press('z', { metaKey: true }))).toBe('undo');
    expect(actionOf(press('z', { ctrlKey: true }), overDialog)).toBe('undo');
    expect(actionOf(press('z', { ctrlKey: true }), inField)).toBeNull();
    expect(actionOf(press('z', { ctrlKey: true }), overOwnDialog)).toBeNull();
    expect(actionOf(press('Z', { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(actionOf(press('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(actionOf(press('z'))).toBeNull();
  });

  it('goes to the dashboard or projects with g then d or p', () => {
    const g = decideShortcut(press('g', { at: 1_000 }), onPage, null);
    expect(g).toEqual({ action: null, gPressedAt: 1_000 });
    expect(actionOf(press('d', { at: 1_400 }), onPage, g.gPressedAt)).toBe('go-dashboard');
    expect(actionOf(press('p', { at: 1_400 }), onPage, g.gPressedAt)).toBe('go-projects');
    // d and p alone do nothing.
    expect(actionOf(press('d'))).toBeNull();
    expect(actionOf(press('p'))).toBeNull();
  });

  it('forgets a g after the sequence timeout', () => {
    const late = press('d', { at: 1_000 + sequenceTimeoutMs + 1 });
    expect(decideShortcut(late, onPage, 1_000)).toEqual(noAction);
    expect(actionOf(press('d', { at: 1_000 + sequenceTimeoutMs }), onPage, 1_000)).toBe('go-dashboard');
  });

  it('ends a pending g on any other key, which then counts on its own', () => {
    expect(decideShortcut(press('c', { at: 1_100 }), onPage, 1_000)).toEqual({
      action: 'create-issue',
      gPressedAt: null,
    });
    expect(decideShortcut(press('x', { at: 1_100 }), onPage, 1_000)).toEqual(noAction);
    expect(decideShortcut(press('d', { at: 1_100 }), inField, 1_000)).toEqual(noAction);
  });
});

const noAction = { action: null, gPressedAt: null };
