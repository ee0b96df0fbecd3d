import { markdownTasks } from '@trackboard/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Markdown } from './markdown';
import { MarkdownEditor } from './markdown-editor';
import { markdownUrl } from './safe-url';

/** The renderer's first load compiles the unified packages: allow it time. */
const FIRST_LOAD = { timeout: 15000 };

/** Renders `text` and waits for the renderer (loaded on first use) to draw it. */
async function rendered(text: string) {
  const { container } = render(<Markdown text={text} />);
  await waitFor(() => expect(container.querySelector('[data-markdown="rendered"]')).not.toBeNull(), FIRST_LOAD);
  return container;
}

describe('Markdown', () => {
  it('renders GFM: bold, headings, lists, task lists, code, tables and links', async () => {
    const container = await rendered(
      [
        '## Goals',
        '',
        'This is **bold** and `code`.',
        '',
        '- one',
        '- two',
        '',
        '* [x] done',
        '* [ ] to do',
        '',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '',
        '[the site](https://example.com) and mail [us](mailto:team@example.com)',
      ].join('\n'),
    );
    expect(screen.getByRole('heading', { name: 'Goals' })).toBeInTheDocument();
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByText('one').closest('li')).not.toBeNull();
    expect(screen.getByText('two').closest('ul')).not.toBeNull();
    const boxes = screen.getAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
    // Each box is named by its item's words (axe: form elements must have labels); read-only here.
    expect(boxes.map((box) => box.getAttribute('aria-label'))).toEqual(['done', 'to do']);
    expect(boxes.every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect(container.querySelectorAll('table td')).toHaveLength(2);
    const site = screen.getByRole('link', { name: 'the site' });
    expect(site).toHaveAttribute('href', 'https://example.com');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(site).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'us' })).toHaveAttribute('href', 'mailto:team@example.com');
  });

  it('keeps raw HTML as text and draws no link for other schemes', async () => {
    const container = await rendered(
      [
        '<script>alert(1)</script>',
        '',
        '<img src=x onerror="alert(2)">',
        '',
        '[click](javascript:alert(3)) [data](data:text/html,hi) [local](/admin)',
      ].join('\n'),
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container).toHaveTextContent('<img src=x onerror="alert(2)">');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText('click').tagName).toBe('SPAN');
    expect(container.innerHTML).not.toMatch(/javascript:|data:text/);
  });

  it('allows only http(s) and mailto URLs', () => {
    expect(markdownUrl(' https://example.com/a ')).toBe('https://example.com/a');
    expect(markdownUrl('http://example.com')).toBe('http://example.com');
    expect(markdownUrl('mailto:a@example.com')).toBe('mailto:a@example.com');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:x', 'data:text/html,x', 'vbscript:x', '/relative', '#top'])
      expect(markdownUrl(bad)).toBeUndefined();
  });
});

describe('the Markdown editor', () => {
  function Editor() {
    const [value, setValue] = useState('');
    return <MarkdownEditor aria-label="Text" value={value} onChange={setValue} />;
  }

  it('switches between Write and Preview, keeping the text', async () => {
    render(<Editor />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Text' }), { target: { value: 'Some **strong** words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('textbox', { name: 'Text' })).toBeNull();
    expect((await screen.findByText('strong', {}, FIRST_LOAD)).tagName).toBe('STRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('Some **strong** words');
  });

  it('says so when there is nothing to preview', () => {
    render(<Editor />);
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('Nothing to preview')).toBeInTheDocument();
  });
});

describe('task boxes that can be ticked', () => {
  // The boxes drawn are numbered as contracts' markdown-tasks.ts numbers the tasks (the server
  // ticks by that number): each enabled box, in order, is that task.
  const texts = [
    '- [ ] one\n- [x] two\n  - [ ] nested\n    1. [X] ordered',
    '> - [ ] quoted\n\n* [x] star\n+ [ ] plus',
    '```\n- [ ] fenced\n```\n\n    - [ ] indented\n\n<div>\n- [ ] html\n</div>\n\n- [ ] after',
    '-\t[ ] tab\n\t- [x] tab nested\n- [ ]\n  lazy continued\n- [ ] heading\n  ---',
  ];

  it.each(texts)('draws an enabled box for each task of %j, ticking that task', async (text) => {
    const onTick = jest.fn();
    const { container } = render(<Markdown text={text} onTick={onTick} />);
    await waitFor(() => expect(container.querySelector('[data-markdown="rendered"]')).not.toBeNull(), FIRST_LOAD);
    const tasks = markdownTasks(text);
    const enabled = screen.getAllByRole('checkbox').filter((box) => !(box as HTMLInputElement).disabled);
    expect(enabled.map((box) => (box as HTMLInputElement).checked)).toEqual(tasks.map((task) => task.checked));
    enabled.forEach((box, index) => {
      fireEvent.click(box);
      expect(onTick).toHaveBeenLastCalledWith(index, tasks[index], !tasks[index]!.checked);
    });
  });

  it('keeps a click on a box from reaching the text around it (which opens its editor)', async () => {
    const around = jest.fn();
    const { container } = render(
      <div onClick={around}>
        <Markdown text="- [ ] one" onTick={() => {}} />
      </div>,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown="rendered"]')).not.toBeNull(), FIRST_LOAD);
    fireEvent.click(screen.getByRole('checkbox', { name: 'one' }));
    expect(around).not.toHaveBeenCalled();
  });
});
