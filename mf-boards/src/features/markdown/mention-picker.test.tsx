import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Markdown } from './markdown';
import { MarkdownEditor } from './markdown-editor';
import { MentionMembers } from './mention-members';
import {
  insertMention,
  matchMembers,
  mentionQueryAt,
  shownMentions,
  storedMentions,
  type Mentionable,
} from './mentions';

// `@` in a Markdown box offers the project's members; a mention renders as a chip.

const team: Mentionable[] = [
  { id: '7', name: 'Ada Lovelace', email: 'ada@example.com', avatarUrl: null },
  { id: '8', name: 'Grace Hopper', email: 'grace@example.com', avatarUrl: null },
  { id: '9', name: 'Bob Builder', email: 'bob@example.com', avatarUrl: null },
  { id: '10', name: 'Alan Turing', email: 'turing@example.com', avatarUrl: null },
];

/** A comment box as the dialog has it: its text kept by its owner, the team provided around it. */
function Box({ members = team, initial = '' }: { members?: Mentionable[]; initial?: string }) {
  const [text, setText] = useState(initial);
  return (
    <MentionMembers.Provider value={members}>
      <MarkdownEditor aria-label="New comment" value={text} onChange={setText} />
      <div data-testid="text">{text}</div>
    </MentionMembers.Provider>
  );
}

const box = () => screen.getByRole('textbox', { name: 'New comment' }) as HTMLTextAreaElement;
/** Types `text` as the whole content, the caret at its end (where typing leaves it). */
const typeText = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (name: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(box(), { key: name, ...init });
const options = () =>
  within(screen.getByRole('listbox', { name: 'Mention a member' }))
    .getAllByRole('option')
    .map((option) => option.textContent);
const chosen = () => screen.getByRole('option', { selected: true });
const text = () => screen.getByTestId('text').textContent;

describe('the @ member picker', () => {
  it('opens on @ with the members, filters as you type, and points the text box at the chosen one', () => {
    render(<Box />);
    typeText('Hello @');
    expect(options()).toEqual([
      'ALAda Lovelaceada@example.com',
      'ATAlan Turingturing@example.com',
      'BBBob Builderbob@example.com',
      'GHGrace Hoppergrace@example.com',
    ]);
    typeText('Hello @gr');
    expect(options()).toEqual(['GHGrace Hoppergrace@example.com']);
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(box()).toHaveAttribute('aria-activedescendant', chosen().id);
    expect(screen.getByRole('status')).toHaveTextContent('1 member matches. Up and Down to choose, Enter to insert');
  });

  it('matches a word of the name or the e-mail, and closes when nobody matches', () => {
    render(<Box />);
    typeText('@hop');
    expect(options()).toEqual(['GHGrace Hoppergrace@example.com']);
    typeText('@turing');
    expect(options()).toEqual(['ATAlan Turingturing@example.com']);
    typeText('@zed');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves with Up and Down (round the ends) and inserts the chosen member with Enter', () => {
    render(<Box />);
    typeText('Ping @a');
    expect(chosen()).toHaveTextContent('Ada Lovelace');
    key('ArrowDown');
    expect(chosen()).toHaveTextContent('Alan Turing');
    key('ArrowDown');
    key('ArrowDown');
    expect(chosen()).toHaveTextContent('Ada Lovelace');
    key('ArrowUp');
    expect(chosen()).toHaveTextContent('Grace Hopper');
    key('Enter');
    expect(text()).toBe('Ping @[Grace Hopper](user:8) ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The box shows the mention as "@Name", the caret right after it.
    expect(box().value).toBe('Ping @Grace Hopper ');
    expect(box().selectionStart).toBe('Ping @Grace Hopper '.length);
  });

  it('inserts with Tab too, and with a click, keeping the text after the caret', () => {
    render(<Box />);
    typeText('@bo');
    key('Tab');
    expect(text()).toBe('@[Bob Builder](user:9) ');

    typeText('Thanks @ad');
    fireEvent.mouseDown(screen.getByRole('option', { name: /Ada Lovelace/ }));
    fireEvent.click(screen.getByRole('option', { name: /Ada Lovelace/ }));
    expect(text()).toBe('Thanks @[Ada Lovelace](user:7) ');
  });

  it('closes on Escape until another @, and leaves Enter to the text box while closed', () => {
    render(<Box />);
    typeText('@gr');
    key('Escape');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    typeText('@gra');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    typeText('@gra and @');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('does not open inside an e-mail address, after "@ ", or without members to offer', () => {
    const { unmount } = render(<Box />);
    typeText('mail ada@exa');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    typeText('@ ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    unmount();
    render(<Box members={[]} />);
    typeText('@');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).not.toHaveAttribute('aria-controls');
  });

  it('follows the caret: a mention being typed in the middle of the text', () => {
    render(<Box />);
    typeText('Hi @gr, see above');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    act(() => box().setSelectionRange(6, 6));
    fireEvent.select(box());
    expect(options()).toEqual(['GHGrace Hoppergrace@example.com']);
    key('Enter');
    expect(text()).toBe('Hi @[Grace Hopper](user:8), see above');
  });

  it('has pure rules for the query, the ranking and the insertion', () => {
    expect(mentionQueryAt('Hi @gr', 6)).toEqual({ start: 3, query: 'gr' });
    expect(mentionQueryAt('(@Grace H', 9)).toEqual({ start: 1, query: 'Grace H' });
    expect(mentionQueryAt('a@b', 3)).toBeNull();
    expect(mentionQueryAt('@x\ny', 4)).toBeNull();
    // Name starts, then a word's start, then the e-mail's, then anywhere in the name.
    expect(matchMembers(team, 'a').map((m) => m.name)).toEqual(['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    expect(matchMembers(team, 'tu').map((m) => m.name)).toEqual(['Alan Turing']);
    expect(matchMembers(team, 'bob@').map((m) => m.name)).toEqual(['Bob Builder']);
    expect(insertMention('x @a y', 2, 4, team[0]!)).toEqual({ text: 'x @Ada Lovelace y', caret: 15 });
  });
});

describe('mentions while editing', () => {
  it('shows a stored mention as "@Name" on a chip, and keeps it stored through an edit', () => {
    render(<Box initial="Ping @[Grace Hopper](user:8) about it" />);
    expect(box().value).toBe('Ping @Grace Hopper about it');
    const marks = screen.getByTestId('mention-highlights').querySelectorAll('mark');
    expect([...marks].map((mark) => [mark.textContent, mark.getAttribute('data-user-id')])).toEqual([
      ['@Grace Hopper', '8'],
    ]);
    typeText('Ping @Grace Hopper about it, please');
    expect(text()).toBe('Ping @[Grace Hopper](user:8) about it, please');
    // Changing the name's letters unmakes the mention: it is plain text again.
    typeText('Ping @Grace Hopp about it');
    expect(text()).toBe('Ping @Grace Hopp about it');
    expect(screen.queryByTestId('mention-highlights')).toBeNull();
  });

  it('turns shown text back into stored text, the longest known name first and whole names only', () => {
    const stored = 'Hi @[Ada](user:7) and @[Ada Lovelace](user:3)';
    const { text, known } = shownMentions(stored);
    expect(text).toBe('Hi @Ada and @Ada Lovelace');
    expect(storedMentions(text, known)).toBe(stored);
    expect(storedMentions('@Adam and @Ada.', known)).toBe('@Adam and @[Ada](user:7).');
    expect(storedMentions('a (b) @Ada', new Map([['Ada', '7']]))).toBe('a (b) @[Ada](user:7)');
  });
});

describe('mentions as chips', () => {
  it('draws each mention as "@Name" in a chip, in any Markdown around it', async () => {
    const { container } = render(
      <Markdown text={'Ping @[Grace Hopper](user:8), and **@[Bob Builder](user:9)** too.\n\n- @[Ada](user:7)'} />,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown="rendered"]')).not.toBeNull(), {
      timeout: 15000,
    });
    const chips = [...container.querySelectorAll('[data-user-id]')];
    expect(chips.map((chip) => [chip.textContent, chip.getAttribute('data-user-id'), chip.tagName])).toEqual([
      ['@Grace Hopper', '8', 'SPAN'],
      ['@Bob Builder', '9', 'SPAN'],
      ['@Ada', '7', 'SPAN'],
    ]);
    expect(container).toHaveTextContent('Ping @Grace Hopper, and @Bob Builder too.');
    expect(container.querySelector('strong')).toContainElement(chips[1] as HTMLElement);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(container.innerHTML).not.toContain('user:');
  });

  it('leaves look-alikes alone: a user: link without its @, code, an e-mail', async () => {
    const { container } = render(<Markdown text={'[Grace](user:8) and `@[Bob](user:9)` and ada@example.com'} />);
    await waitFor(() => expect(container.querySelector('[data-markdown="rendered"]')).not.toBeNull(), {
      timeout: 15000,
    });
    expect(container.querySelectorAll('[data-user-id]')).toHaveLength(0);
    expect(container.querySelector('code')).toHaveTextContent('@[Bob](user:9)');
  });

  it('shows mentions as "@Name" while the renderer loads', () => {
    const { container } = render(<Markdown text="Ping @[Grace Hopper](user:8)" />);
    const pending = container.querySelector('[data-markdown="pending"]');
    if (pending) expect(pending).toHaveTextContent('Ping @Grace Hopper');
  });
});
