// The task list items (`- [ ] …`, `1. [x] …`) of a Markdown text, numbered as the board's renderer
// (react-markdown + remark-gfm, i.e. micromark) draws their boxes: the server ticks "the n-th
// task" of a description and the browser numbers the boxes it draws the same way, so both must
// read the text alike. A whole Markdown parser is more than either needs (and the server has
// none), so this follows CommonMark's block structure only as far as tasks depend on it, in the
// way commonmark.js does: block quotes and list items as containers (tabs counted to stops of 4,
// lazy continuation lines), fenced and indented code and HTML blocks, whose `- [ ]` lines are
// text, and the paragraph that is an item's first content, where a box may start it; and where
// micromark reads otherwise than CommonMark's reference (below), as micromark does. A task in a
// block quote is a task (GFM draws its box). Compared with micromark on tens of thousands of
// generated documents, the two differ only where a link reference definition opens an item
// (`- [x]: /url`); the browser makes a box tickable only where both agree. Zod-free: the browser
// imports it.

/** One task list item: where it is in the text, whether it is done, and the words after its box. */
export type MarkdownTask = {
  /** Where the item's list marker (`-`, `*`, `+`, or the number) is: a renderer's start of the item. */
  itemOffset: number;
  /** Where its box (`[ ]`, `[x]`, `[X]`) begins: the mark is the character after it. */
  boxOffset: number;
  checked: boolean;
  /** The rest of the item's first line after the box, without the spaces around it. */
  text: string;
};

const TAB_STOP = 4;
/** Indentation that makes a line indented code (or, after a list marker, code in the item). */
const CODE_INDENT = 4;

type Task = { task: MarkdownTask; kept: boolean };
type Block =
  | { kind: 'quote' }
  /**
   * `width`: the columns a line needs to continue it; `empty`: nothing in it yet; `markerOffset`:
   * its marker's place; `boxless`: its first content cannot start with a box.
   */
  | { kind: 'item'; width: number; empty: boolean; markerOffset: number; boxless: boolean }
  /** `task`: the box it starts with; `awaitsLine`: the box ended its line, so it is one only if a line follows. */
  | { kind: 'paragraph'; lines: number; firstLine: string; task?: Task; awaitsLine: boolean }
  | { kind: 'fence'; char: string; length: number; indent: number }
  | { kind: 'code' }
  /** `end`: the line that ends it (a blank line, for `null`). */
  | { kind: 'html'; end: RegExp | null };

const isLeaf = (block: Block | undefined) => block !== undefined && block.kind !== 'quote' && block.kind !== 'item';
const isSpaceOrTab = (c: string | undefined) => c === ' ' || c === '\t';

const ATX_HEADING = /^#{1,6}(?:[ \t]+|$)/;
const CODE_FENCE = /^`{3,}(?!.*`)|^~{3,}/;
const CLOSING_FENCE = /^(?:`{3,}|~{3,})(?=[ \t]*$)/;
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,}|(?:-[ \t]*){3,})$/;
const BULLET = /^[*+-]/;
const ORDERED = /^(\d{1,9})([.)])/;
const MAYBE_SPECIAL = /^[#`~*+_=<>0-9-]/;

// HTML blocks (CommonMark's seven kinds): the first five end at their closing mark, the last two
// at a blank line.
const ATTRIBUTE = `(?:\\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;
const LONE_TAG = new RegExp(`^(?:<[A-Za-z][A-Za-z0-9-]*${ATTRIBUTE}*\\s*/?>|</[A-Za-z][A-Za-z0-9-]*\\s*>)\\s*$`);
const BLOCK_TAGS =
  'address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|' +
  'fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|' +
  'menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const htmlBlocks: [start: RegExp, end: RegExp | null][] = [
  [/^<(?:script|pre|textarea|style)(?:\s|>|$)/i, /<\/(?:script|pre|textarea|style)>/i],
  [/^<!--/, /-->/],
  [/^<[?]/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
  [new RegExp(`^</?(?:${BLOCK_TAGS})(?:\\s|/?>|$)`, 'i'), null],
  [LONE_TAG, null],
];

/** A GFM table's delimiter row (`--- | :-:`): under a one-line paragraph with as many cells, it makes a table. */
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/).length;

const trimSpaces = (text: string) => text.replace(/^[ \t]+|[ \t]+$/g, '');

/** Every task list item of `markdown` (line feeds only, as stored text is), in document order. */
export function markdownTasks(markdown: string): MarkdownTask[] {
  const tasks: Task[] = [];
  const open: Block[] = [];

  // The line being read, as commonmark.js keeps it: a position and a column (tabs to stops of 4;
  // a tab partly used as indentation leaves the position on it and its other columns to count).
  let line = '';
  let lineStart = 0;
  let offset = 0;
  let column = 0;
  let nextNonspace = 0;
  let nextNonspaceColumn = 0;
  let indent = 0;
  let blank = false;

  const findNextNonspace = () => {
    let i = offset;
    let cols = column;
    for (; i < line.length; i++) {
      if (line[i] === ' ') cols++;
      else if (line[i] === '\t') cols += TAB_STOP - (cols % TAB_STOP);
      else break;
    }
    blank = i === line.length;
    nextNonspace = i;
    nextNonspaceColumn = cols;
    indent = nextNonspaceColumn - column;
  };
  const advanceNextNonspace = () => {
    offset = nextNonspace;
    column = nextNonspaceColumn;
  };
  /** Moves on `count` characters, or (`columns`) `count` columns, a tab then possibly in part. */
  const advance = (count: number, columns: boolean) => {
    while (count > 0 && offset < line.length) {
      if (line[offset] === '\t') {
        const toTab = TAB_STOP - (column % TAB_STOP);
        // A tab wider than the columns left to move is used in part: the column moves, the position not.
        const step = columns ? Math.min(toTab, count) : toTab;
        column += step;
        if (step === toTab) offset++;
        count -= columns ? step : 1;
      } else {
        offset++;
        column++;
        count--;
      }
    }
  };
  const restOfLine = () => line.slice(nextNonspace);

  const close = (block: Block) => {
    if (block.kind === 'paragraph' && block.task && block.awaitsLine) block.task.kept = false;
  };
  const closeTo = (length: number) => {
    while (open.length > length) close(open.pop()!);
  };

  /** Whether the line continues `block` (moving past its marks), or ends a fence (`'ended'`). */
  function continues(block: Block): boolean | 'ended' {
    findNextNonspace();
    switch (block.kind) {
      case 'quote':
        if (indent >= CODE_INDENT || line[nextNonspace] !== '>') return false;
        advanceNextNonspace();
        advance(1, false);
        if (isSpaceOrTab(line[offset])) advance(1, true);
        return true;
      case 'item':
        if (blank) {
          // An item may begin with one blank line, not two.
          if (block.empty) return false;
          advanceNextNonspace();
        } else if (indent >= block.width) advance(block.width, true);
        else return false;
        return true;
      case 'fence': {
        const closing = indent < CODE_INDENT && line[nextNonspace] === block.char && CLOSING_FENCE.exec(restOfLine());
        if (closing && closing[0].length >= block.length) return 'ended';
        for (let i = block.indent; i > 0 && isSpaceOrTab(line[offset]); i--) advance(1, true);
        return true;
      }
      case 'code':
        if (indent >= CODE_INDENT) advance(CODE_INDENT, true);
        else if (blank) advanceNextNonspace();
        else return false;
        return true;
      case 'html':
        return !(blank && block.end === null);
      case 'paragraph':
        return !blank;
    }
  }

  /**
   * A list marker at the next non-space, by CommonMark's rules; `interrupting` a paragraph, an
   * ordered item must start at 1 and no item may be empty.
   */
  function listItemStart(interrupting: boolean): Block | null {
    if (indent >= CODE_INDENT) return null;
    const rest = restOfLine();
    const ordered = ORDERED.exec(rest);
    const marker = BULLET.exec(rest)?.[0] ?? (ordered && (!interrupting || ordered[1] === '1') ? ordered[0] : null);
    if (marker === null) return null;
    const after = line[nextNonspace + marker.length];
    if (after !== undefined && !isSpaceOrTab(after)) return null;
    if (interrupting && trimSpaces(rest.slice(marker.length)) === '') return null;
    const markerIndent = indent;
    const markerOffset = lineStart + nextNonspace;
    advanceNextNonspace();
    advance(marker.length, true);
    const [spacesColumn, spacesOffset] = [column, offset];
    do advance(1, true);
    while (column - spacesColumn < 5 && isSpaceOrTab(line[offset]));
    const spaces = column - spacesColumn;
    let padding = marker.length + spaces;
    const emptyLine = offset >= line.length;
    // Five spaces or more after the marker start indented code in the item; none, an empty item.
    if (spaces >= 5 || spaces < 1 || emptyLine) {
      padding = marker.length + 1;
      column = spacesColumn;
      offset = spacesOffset;
      if (isSpaceOrTab(line[offset])) advance(1, true);
    }
    // micromark takes no box in an item whose marker line ends in spaces (`- ` then `  [ ] x`).
    const boxless = spacesOffset < line.length && trimSpaces(line.slice(spacesOffset)) === '';
    return { kind: 'item', width: markerIndent + padding, empty: true, markerOffset, boxless };
  }

  /** The box an item's first paragraph starts with, at the line's next non-space, if it has one. */
  function boxAt(itemOffset: number): { task: Task; awaitsLine: boolean } | null {
    const at = nextNonspace;
    if (line[at] !== '[' || line[at + 2] !== ']') return null;
    const mark = line[at + 1];
    // A tab in the box counts only as wide as one column (micromark reads the rest of it as spaces).
    const oneColumnTab = mark === '\t' && TAB_STOP - ((nextNonspaceColumn + 1) % TAB_STOP) === 1;
    if (mark !== ' ' && mark !== 'x' && mark !== 'X' && !oneColumnTab) return null;
    const after = line[at + 3];
    if (after !== undefined && !isSpaceOrTab(after)) return null;
    const text = trimSpaces(line.slice(at + 3));
    const task = {
      task: { itemOffset, boxOffset: lineStart + at, checked: mark === 'x' || mark === 'X', text },
      kept: true,
    };
    tasks.push(task);
    // Nothing after the box on its line: a task only if its paragraph goes on.
    return { task, awaitsLine: text === '' };
  }

  /** A line more of `paragraph`; `rowIndent`: its indentation inside the paragraph's container, or null when lazy. */
  function addParagraphLine(paragraph: Extract<Block, { kind: 'paragraph' }>, rowIndent: number | null) {
    paragraph.lines++;
    if (!paragraph.task || paragraph.lines !== 2) return;
    const row = restOfLine();
    // The paragraph becomes a table's header: its box is text in a cell.
    const delimiter = rowIndent !== null && rowIndent < CODE_INDENT && TABLE_DELIMITER.test(row);
    if (delimiter && cellsOf(row) === cellsOf(paragraph.firstLine)) paragraph.task.kept = false;
    paragraph.awaitsLine = false;
  }

  function incorporate(text: string, start: number) {
    line = text;
    lineStart = start;
    offset = 0;
    column = 0;

    // 1. The open blocks this line continues.
    let depth = 0;
    for (; depth < open.length; depth++) {
      const going = continues(open[depth]!);
      if (going === 'ended') {
        closeTo(depth);
        return;
      }
      if (!going) break;
    }
    let allClosed = depth === open.length;
    const closeUnmatched = () => {
      if (allClosed) return;
      closeTo(depth);
      allClosed = true;
    };
    const add = (block: Block) => {
      closeUnmatched();
      if (isLeaf(open[depth - 1])) closeTo(--depth);
      const parent = open[depth - 1];
      if (parent?.kind === 'item') parent.empty = false;
      open.push(block);
      depth = open.length;
    };
    /** A heading or a thematic break: a block of this one line, which holds no task. */
    const addOneLineBlock = () => {
      closeUnmatched();
      if (isLeaf(open[depth - 1])) closeTo(--depth);
      const parent = open[depth - 1];
      if (parent?.kind === 'item') parent.empty = false;
      offset = line.length;
    };

    // 2. New blocks the rest of the line starts (containers, then at most one leaf).
    const container = () => open[depth - 1];
    // micromark keeps a paragraph's (or indented code's) interruption for every container the
    // line opens, when the line continues all the containers they are in: `para` then
    // `> 2. [ ] x` is no list, `- a` then `> 2. [ ] x` is one.
    const tipLeaf = open.at(-1);
    const interruptingLine = (tipLeaf?.kind === 'paragraph' || tipLeaf?.kind === 'code') && depth >= open.length - 1;
    const lastMatched = container();
    const inLeaf = lastMatched !== undefined && isLeaf(lastMatched) && lastMatched.kind !== 'paragraph';
    let rowIndent = 0;
    while (!inLeaf) {
      findNextNonspace();
      rowIndent = indent;
      const rest = restOfLine();
      const indented = indent >= CODE_INDENT;
      if (!indented && !MAYBE_SPECIAL.test(rest)) {
        advanceNextNonspace();
        break;
      }
      const inParagraph = container()?.kind === 'paragraph';
      if (!indented && rest[0] === '>') {
        advanceNextNonspace();
        advance(1, false);
        if (isSpaceOrTab(line[offset])) advance(1, true);
        add({ kind: 'quote' });
        continue;
      }
      if (!indented && ATX_HEADING.test(rest)) {
        addOneLineBlock();
        break;
      }
      const fence = indented ? null : CODE_FENCE.exec(rest);
      if (fence) {
        add({ kind: 'fence', char: fence[0][0]!, length: fence[0].length, indent });
        offset = line.length; // the info string
        break;
      }
      const html = indented || rest[0] !== '<' ? -1 : htmlBlocks.findIndex(([opens]) => opens.test(rest));
      // A lone tag cannot interrupt a paragraph it continues. On a lazy line of one, micromark
      // starts HTML all the same, inside the blocks the paragraph is in.
      if (html >= 0 && (html < 6 || !inParagraph)) {
        if (html === 6 && !allClosed && open.at(-1)?.kind === 'paragraph') {
          closeTo(open.length - 1);
          depth = open.length;
          allClosed = true;
        }
        add({ kind: 'html', end: htmlBlocks[html]![1] });
        break;
      }
      if (!indented && inParagraph && SETEXT_UNDERLINE.test(rest)) {
        // The paragraph above is a heading: what began it is no task.
        const heading = container() as Extract<Block, { kind: 'paragraph' }>;
        if (heading.task) heading.task.kept = false;
        closeUnmatched();
        closeTo(--depth);
        offset = line.length;
        break;
      }
      if (!indented && THEMATIC_BREAK.test(rest)) {
        addOneLineBlock();
        break;
      }
      const item = listItemStart(inParagraph || interruptingLine);
      if (item) {
        add(item);
        continue;
      }
      if (indented && open.at(-1)?.kind !== 'paragraph' && !blank) {
        advance(CODE_INDENT, true);
        add({ kind: 'code' });
        break;
      }
      advanceNextNonspace();
      break;
    }

    // 3. What is left of the line: a lazy paragraph line, a line of a leaf, or a new paragraph.
    findNextNonspace();
    const tip = open.at(-1);
    if (!allClosed && !blank && tip?.kind === 'paragraph') {
      addParagraphLine(tip, null);
      return;
    }
    closeUnmatched();
    const current = container();
    if (current?.kind === 'html') {
      if (current.end?.test(line.slice(offset))) closeTo(--depth);
    } else if (current?.kind === 'paragraph') {
      addParagraphLine(current, rowIndent);
    } else if (current?.kind !== 'fence' && current?.kind !== 'code' && !blank) {
      const parent = current;
      const box = parent?.kind === 'item' && parent.empty && !parent.boxless ? boxAt(parent.markerOffset) : null;
      add({
        kind: 'paragraph',
        lines: 1,
        firstLine: restOfLine(),
        ...(box && { task: box.task }),
        awaitsLine: box?.awaitsLine ?? false,
      });
    }
  }

  let start = 0;
  for (const text of markdown.split('\n')) {
    incorporate(text, start);
    start += text.length + 1;
  }
  closeTo(0);
  return tasks.filter((t) => t.kept).map((t) => t.task);
}

/** How many of the text's tasks are done, of how many. */
export function taskCounts(markdown: string): { done: number; total: number } {
  const tasks = markdownTasks(markdown);
  return { done: tasks.filter((task) => task.checked).length, total: tasks.length };
}

/** The text with `task`'s box ticked or not: its one mark changed (`[x]` ↔ `[ ]`), nothing else. */
export function withTaskTicked(markdown: string, task: MarkdownTask, checked: boolean): string {
  if (task.checked === checked) return markdown;
  const mark = task.boxOffset + 1;
  return `${markdown.slice(0, mark)}${checked ? 'x' : ' '}${markdown.slice(mark + 1)}`;
}

/**
 * A tick of the `index`-th task (from 0) of `markdown`, which the ticker saw reading `text`:
 * `stale` when there is no such task now or it reads otherwise (the text changed since, so the
 * box they meant may have moved), `unchanged` when it is already as wanted, else the new text.
 */
export type TaskTick =
  | { outcome: 'stale' }
  | { outcome: 'unchanged'; task: MarkdownTask }
  | { outcome: 'ticked'; task: MarkdownTask; markdown: string };

export function tickTask(markdown: string, index: number, wanted: { checked: boolean; text: string }): TaskTick {
  const task = markdownTasks(markdown)[index];
  if (!task || task.text !== wanted.text) return { outcome: 'stale' };
  if (task.checked === wanted.checked) return { outcome: 'unchanged', task };
  return { outcome: 'ticked', task, markdown: withTaskTicked(markdown, task, wanted.checked) };
}
