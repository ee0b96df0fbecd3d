import { issue } from '../../testing/board-fixtures';
import { calendarIssues, isOverdue, keyboardMove } from './calendar-model';

const press = (key: string, mods: Partial<Record<'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey', boolean>> = {}) => ({
  key,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('where a key press takes a due date', () => {
  const today = '2026-11-24';
  it.each([
    ['ArrowLeft', '2026-11-30', '2026-11-29'],
    ['ArrowRight', '2026-11-30', '2026-12-01'],
    ['ArrowUp', '2026-11-03', '2026-10-27'],
    ['ArrowDown', '2026-12-28', '2027-01-04'],
  ])('Alt+%s moves %s to %s', (key, from, to) => {
    expect(keyboardMove(press(key, { altKey: true }), from, today)).toBe(to);
  });

  it('gives an issue without a due date today', () => {
    expect(keyboardMove(press('ArrowDown', { altKey: true }), null, today)).toBe(today);
  });

  it('is no move without Alt, with another modifier, or for another key', () => {
    expect(keyboardMove(press('ArrowRight'), '2026-11-30', today)).toBeUndefined();
    expect(keyboardMove(press('ArrowRight', { altKey: true, shiftKey: true }), '2026-11-30', today)).toBeUndefined();
    expect(keyboardMove(press('ArrowRight', { altKey: true, ctrlKey: true }), '2026-11-30', today)).toBeUndefined();
    expect(keyboardMove(press('Enter', { altKey: true }), '2026-11-30', today)).toBeUndefined();
  });
});

describe('the issues by day', () => {
  it('puts each on its due day in number order, and the rest in the undated list', () => {
    const { byDay, undated } = calendarIssues([
      issue({ id: '3', columnId: '10', position: 0, dueDate: '2026-11-24' }),
      issue({ id: '1', columnId: '10', position: 1, dueDate: '2026-11-24' }),
      issue({ id: '2', columnId: '10', position: 2, dueDate: null }),
      issue({ id: '4', columnId: '10', position: 3, dueDate: '2026-11-25' }),
    ]);
    expect(byDay.get('2026-11-24')!.map((i) => i.key)).toEqual(['WEB-1', 'WEB-3']);
    expect(byDay.get('2026-11-25')!.map((i) => i.key)).toEqual(['WEB-4']);
    expect(undated.map((i) => i.key)).toEqual(['WEB-2']);
  });

  it('calls overdue what is due before today and not finished', () => {
    const today = '2026-11-24';
    expect(isOverdue({ dueDate: '2026-11-23', status: 'TODO' }, today)).toBe(true);
    expect(isOverdue({ dueDate: '2026-11-24', status: 'TODO' }, today)).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-23', status: 'DONE' }, today)).toBe(false);
    expect(isOverdue({ dueDate: '2026-11-23', status: 'CLOSED' }, today)).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'TODO' }, today)).toBe(false);
  });
});
