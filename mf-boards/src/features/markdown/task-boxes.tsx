import { markdownTasks, type MarkdownTask } from '@trackboard/contracts';
import {
  createContext,
  useContext,
  useMemo,
  type ChangeEvent,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { ExtraProps } from 'react-markdown';
import { uiMessages } from '../../ui-messages';

// A task list's boxes. Where the text can be ticked (an issue's description, for whoever may edit
// it), each box is a checkbox that says which task it is: the n-th task list item as contracts'
// markdown-tasks.ts numbers them, the numbering the server ticks by. A rendered item is matched
// to its task by where its list marker is in the text, so a box the two might read differently
// stays a read-only mark rather than ticking another task.

/** A tick of the text's `index`-th task, which read `task.text`. */
export type OnTick = (index: number, task: MarkdownTask, checked: boolean) => void;

type Ticking = { byItemOffset: ReadonlyMap<number, { index: number; task: MarkdownTask }>; onTick: OnTick };
const TickingText = createContext<Ticking | null>(null);

/** The item a box is in: its words (the box's name), and its task when it can be ticked. */
type TaskItem = { words: string; index?: number; task?: MarkdownTask };
const ItemOfBox = createContext<TaskItem | null>(null);

/** Makes the boxes of `text` tickable by `onTick` (none: every box a read-only mark). */
export function TickableTasks({ text, onTick, children }: { text: string; onTick?: OnTick; children: ReactNode }) {
  const ticking = useMemo(
    () =>
      onTick
        ? {
            byItemOffset: new Map(markdownTasks(text).map((task, index) => [task.itemOffset, { index, task }])),
            onTick,
          }
        : null,
    [text, onTick],
  );
  return <TickingText.Provider value={ticking}>{children}</TickingText.Provider>;
}

type HastNode = { type: string; tagName?: string; value?: string; children?: HastNode[] };

/** An item's own words, without its sub-lists' (and mentions as "@Name", as drawn). */
const wordsOf = (node: HastNode): string =>
  node.type === 'text'
    ? (node.value ?? '')
    : node.tagName === 'ul' || node.tagName === 'ol'
      ? ''
      : (node.children ?? []).map(wordsOf).join('');

/** A list item; a task list item tells its box which task it is. */
export function ListItem({ node, className, children }: ComponentProps<'li'> & ExtraProps) {
  const ticking = useContext(TickingText);
  if (!className?.split(' ').includes('task-list-item') || !node) return <li className={className}>{children}</li>;
  const offset = node.position?.start.offset;
  const found = offset === undefined ? undefined : ticking?.byItemOffset.get(offset);
  const item: TaskItem = {
    words: wordsOf(node as HastNode)
      .replace(/\s+/g, ' ')
      .trim(),
    ...found,
  };
  return (
    <ItemOfBox.Provider value={item}>
      <li className={className}>{children}</li>
    </ItemOfBox.Provider>
  );
}

/** A click on a box must not also open the editor the text sits in. */
const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * A task's box, named by its item's words (a screen reader says "Build it, checkbox, checked").
 * Tickable: a checkbox like any other, by mouse or Space.
 */
export function TaskBox({ type, checked }: ComponentProps<'input'> & ExtraProps) {
  const item = useContext(ItemOfBox);
  const ticking = useContext(TickingText);
  if (type !== 'checkbox') return null;
  const name = item?.words || (checked ? uiMessages.taskDone : uiMessages.taskNotDone);
  if (!item?.task || item.index === undefined || !ticking)
    return <input type="checkbox" checked={checked ?? false} disabled readOnly aria-label={name} />;
  const { index, task } = item;
  return (
    <input
      type="checkbox"
      checked={task.checked}
      aria-label={name}
      onClick={stop}
      onChange={(event: ChangeEvent<HTMLInputElement>) => ticking.onTick(index, task, event.target.checked)}
    />
  );
}
