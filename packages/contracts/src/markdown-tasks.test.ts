/** @jest-environment node */
import { markdownTasks, taskCounts, tickTask, withTaskTicked } from './markdown-tasks';

/** Each task as `[x] text` or `[ ] text`, in order. */
const tasksOf = (markdown: string) => markdownTasks(markdown).map((t) => `[${t.checked ? 'x' : ' '}] ${t.text}`);

describe('the task list items of a Markdown text', () => {
  it('are the items whose first line starts with a box, in document order, nested ones too', () => {
    const text = ['- [ ] Build it', '  - [x] Frame', '    1. [ ] Wall', '- [X] Ship it', '- not a task'].join('\n');
    expect(tasksOf(text)).toEqual(['[ ] Build it', '[x] Frame', '[ ] Wall', '[x] Ship it']);
  });

  it('takes every list marker: -, *, +, and numbers with . or )', () => {
    expect(tasksOf('* [ ] star\n\n+ [x] plus\n\n1. [ ] dot\n\n2) [X] paren')).toEqual([
      '[ ] star',
      '[x] plus',
      '[ ] dot',
      '[x] paren',
    ]);
  });

  it('says where each item and its box are', () => {
    const text = 'Intro\n\n- [ ] one\n  - [x] two';
    expect(markdownTasks(text)).toEqual([
      { itemOffset: 7, boxOffset: 9, checked: false, text: 'one' },
      { itemOffset: 19, boxOffset: 21, checked: true, text: 'two' },
    ]);
  });

  it('leaves out boxes in fenced and indented code', () => {
    const text = [
      '```md',
      '- [ ] in a fence',
      '```',
      '~~~',
      '- [ ] in a tilde fence',
      '~~~',
      '',
      '    - [ ] indented code',
      '',
      '- [ ] real',
      '  ```',
      '  - [ ] in the item’s fence',
      '  ```',
    ].join('\n');
    expect(tasksOf(text)).toEqual(['[ ] real']);
  });

  it('leaves out boxes in HTML blocks, up to their end', () => {
    const text = ['<div>', '- [ ] in HTML', '</div>', '', '<!--', '- [ ] in a comment', '-->', '- [x] after'].join(
      '\n',
    );
    expect(tasksOf(text)).toEqual(['[x] after']);
  });

  it('counts a task in a block quote (its box is drawn), with lazy lines', () => {
    expect(tasksOf('> - [ ] quoted\n> > - [x] deeper\nlazy line')).toEqual(['[ ] quoted', '[x] deeper']);
  });

  it('reads tabs to stops of four columns', () => {
    expect(tasksOf('-\t[ ] after a tab\n\t- [x] nested by a tab')).toEqual(['[ ] after a tab', '[x] nested by a tab']);
    expect(tasksOf('- [ ] parent\n\t- [x] child\n\t\t- [ ] grandchild')).toEqual([
      '[ ] parent',
      '[x] child',
      '[ ] grandchild',
    ]);
    // A tab in the box is a space only where it is one column wide (micromark's reading).
    expect(tasksOf('- [\t] one column')).toEqual(['[ ] one column']);
    expect(tasksOf('-  [\t] three columns')).toEqual([]);
    // Five columns after the marker make the item's content code.
    expect(tasksOf('-     [ ] code in the item')).toEqual([]);
  });

  it('needs the box first, followed by a space and words (or by more lines of the item)', () => {
    expect(tasksOf('- [x]done\n- [ ]\n- text [ ] late\n- [y] no')).toEqual([]);
    expect(tasksOf('- [ ]\n  next line')).toEqual(['[ ] ']);
    expect(tasksOf('-\n  [ ] on the line after the marker')).toEqual(['[ ] on the line after the marker']);
  });

  it('loses a box whose paragraph turns into a heading or a table', () => {
    expect(tasksOf('- [ ] heading\n  ---')).toEqual([]);
    expect(tasksOf('- [ ] a | b\n  --|--')).toEqual([]);
  });

  it('does not take a thematic break for a list', () => {
    expect(tasksOf('* * *\n- [ ] after')).toEqual(['[ ] after']);
  });
});

describe('counting and ticking', () => {
  const text = 'Plan:\n\n- [x] Build it\n- [ ] Test it\n\n```\n- [ ] not this\n```\n* [X] Ship it\n';

  it('counts done and all', () => {
    expect(taskCounts(text)).toEqual({ done: 2, total: 3 });
    expect(taskCounts('No tasks here.')).toEqual({ done: 0, total: 0 });
  });

  it('changes only the one mark', () => {
    const [, test, ship] = markdownTasks(text);
    const ticked = withTaskTicked(text, test!, true);
    expect(ticked).toBe(text.replace('- [ ] Test it', '- [x] Test it'));
    expect(ticked).toHaveLength(text.length);
    expect(withTaskTicked(text, ship!, false)).toBe(text.replace('[X] Ship it', '[ ] Ship it'));
    expect(withTaskTicked(text, ship!, true)).toBe(text);
  });

  it('ticks the n-th task only when it still reads as the ticker saw it', () => {
    expect(tickTask(text, 1, { checked: true, text: 'Test it' })).toEqual({
      outcome: 'ticked',
      task: expect.objectContaining({ text: 'Test it' }),
      markdown: text.replace('- [ ] Test it', '- [x] Test it'),
    });
    expect(tickTask(text, 0, { checked: true, text: 'Build it' })).toMatchObject({ outcome: 'unchanged' });
    expect(tickTask(text, 1, { checked: true, text: 'Build it' })).toEqual({ outcome: 'stale' });
    expect(tickTask(text, 3, { checked: true, text: 'not this' })).toEqual({ outcome: 'stale' });
  });
});
