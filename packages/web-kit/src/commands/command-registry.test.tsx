import { act, render, screen } from '@testing-library/react';
import {
  commandForShortcut,
  readCommands,
  registerCommands,
  subscribeCommands,
  useCommands,
  type AppCommand,
} from './command-registry';

const command = (id: string, extra: Partial<AppCommand> = {}): AppCommand => ({
  id,
  label: `Label ${id}`,
  group: 'Test',
  run: jest.fn(),
  ...extra,
});

const withdrawals: Array<() => void> = [];
const register = (source: string, commands: AppCommand[]) => {
  const withdraw = registerCommands(source, commands);
  withdrawals.push(withdraw);
  return withdraw;
};
afterEach(() => withdrawals.splice(0).forEach((withdraw) => withdraw()));

describe('command registry', () => {
  it('lists what each source registered and withdraws it with the returned function', () => {
    const withdrawBoards = register('boards', [command('board.create-issue')]);
    register('projects', [command('project.a'), command('project.b')]);
    expect(readCommands().map((c) => c.id)).toEqual(['board.create-issue', 'project.a', 'project.b']);

    withdrawBoards();
    expect(readCommands().map((c) => c.id)).toEqual(['project.a', 'project.b']);
  });

  it('replaces a source’s commands on a second registration, and the first withdrawal then does nothing', () => {
    const withdrawFirst = register('boards', [command('board.old')]);
    register('boards', [command('board.new')]);
    expect(readCommands().map((c) => c.id)).toEqual(['board.new']);

    // A remount: the old screen's cleanup runs after the new one registered.
    withdrawFirst();
    expect(readCommands().map((c) => c.id)).toEqual(['board.new']);
  });

  it('tells subscribers about every change, and keeps one snapshot between changes', () => {
    const listener = jest.fn();
    const unsubscribe = subscribeCommands(listener);
    const before = readCommands();
    expect(readCommands()).toBe(before);

    const withdraw = register('boards', [command('board.create-issue')]);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readCommands()).not.toBe(before);
    withdraw();
    expect(listener).toHaveBeenCalledTimes(2);

    unsubscribe();
    register('boards', [command('board.create-issue')]);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('finds the command a shortcut key runs, the latest registration first', () => {
    expect(commandForShortcut('c')).toBeUndefined();
    register('a', [command('a.create', { shortcut: 'c' })]);
    register('b', [command('b.other'), command('b.create', { shortcut: 'c' })]);
    expect(commandForShortcut('c')?.id).toBe('b.create');
    expect(commandForShortcut('x')).toBeUndefined();
  });

  it('keeps a component’s list live', () => {
    function Labels() {
      return (
        <p data-testid="labels">
          {useCommands()
            .map((c) => c.label)
            .join(', ')}
        </p>
      );
    }
    render(<Labels />);
    expect(screen.getByTestId('labels')).toHaveTextContent(/^$/);

    let withdraw = () => {};
    act(() => {
      withdraw = register('boards', [command('one')]);
    });
    expect(screen.getByTestId('labels')).toHaveTextContent('Label one');
    act(() => withdraw());
    expect(screen.getByTestId('labels')).toHaveTextContent(/^$/);
  });
});
