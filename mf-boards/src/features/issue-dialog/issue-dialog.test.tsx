import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { answer, installViewport } from '@trackboard/web-kit/testing';
import { ada, signInAs } from '../../testing/board-fixtures';
import { card, loadedIssue, openIssue, renderBoard } from '../../testing/render-board';

const field = (dialog: HTMLElement, label: string) => within(dialog).getByRole('region', { name: label });

beforeEach(() => {
  signInAs(ada);
  installViewport(1280);
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('the issue dialog', () => {
  it('shows "Loading issue details..." until the issue arrives', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await renderBoard(undefined, {
      'GET /api/issues/1': async () => {
        await gate;
        return answer(200, loadedIssue());
      },
      'GET /api/issues/1/comments': answer(200, []),
    });
    fireEvent.click(card('Write the spec'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Loading issue details...')).toBeInTheDocument();
    await act(async () => release());
    expect(await within(dialog).findByRole('button', { name: 'Write the spec, edit title' })).toBeInTheDocument();
  });

  it('names the open issue in the tab title, and the board again once it closes', async () => {
    const { dialog } = await openIssue({});
    await waitFor(() => expect(document.title).toMatch(/^[A-Z0-9]+-\d+ Write the spec · /));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(document.title).not.toMatch(/Write the spec/));
  });

  it('names who reported the issue', async () => {
    const { dialog } = await openIssue({});
    const reporter = within(dialog).getByText('Reporter');
    expect(reporter.nextElementSibling).toHaveTextContent('Ada Lovelace');
  });

  it('shows every field, or "No {field} provided." when empty', async () => {
    const { dialog } = await openIssue({ description: 'All of it', owner: '8' });
    expect(field(dialog, 'Owner')).toHaveTextContent('Grace Hopper');
    expect(field(dialog, 'Description')).toHaveTextContent('All of it');
    expect(field(dialog, 'Related Code')).toHaveTextContent('No related code provided.');
    expect(field(dialog, 'Links')).toHaveTextContent('No links provided.');
    expect(field(dialog, 'Instructions')).toHaveTextContent('No instructions provided.');
  });

  it('shows "No Title" for an empty title', async () => {
    const { dialog } = await openIssue({ title: '' });
    expect(within(dialog).getByRole('heading', { level: 2 })).toHaveTextContent('No Title');
  });

  it.each([
    ['Owner', 'User ID or name', 'owner', 'Grace', { assigneeId: null }],
    ['Description', 'Detailed description of the issue', 'description', 'Line one\nLine two', { description: '' }],
    ['Related Code', 'Paste relevant code snippets here...', 'relatedCode', 'const x = 1;', { relatedCode: '' }],
    [
      'Instructions',
      'Provide instructions for scheduled tasks...',
      'instructions',
      'Run nightly',
      { instructions: '' },
    ],
  ])(
    'edits %s on click, with its placeholder, and sends the loaded version and value',
    async (label, placeholder, key, value, base) => {
      const { dialog, server } = await openIssue(
        {},
        { 'PATCH /api/issues/1': (call) => answer(200, loadedIssue({ ...(call.body as object), version: 4 })) },
      );
      fireEvent.click(within(field(dialog, label)).getByTestId(`${label}-value`));
      const input = within(field(dialog, label)).getByPlaceholderText(placeholder);
      fireEvent.change(input, { target: { value } });
      fireEvent.click(within(field(dialog, label)).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(within(field(dialog, label)).queryByPlaceholderText(placeholder)).toBeNull());
      expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({ [key]: value, version: 3, base });
      expect(field(dialog, label)).toHaveTextContent(value.split('\n')[0]!);
    },
  );

  it('Related Code is monospaced', async () => {
    const { dialog } = await openIssue({ relatedCode: 'let a = 1;' });
    expect(within(field(dialog, 'Related Code')).getByTestId('Related Code-value')).toHaveClass('mono');
  });

  it('Cancel drops the edit without a call; an unchanged Save sends nothing', async () => {
    const { dialog, server } = await openIssue({ description: 'Keep me' });
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
    fireEvent.change(within(dialog).getByPlaceholderText('Detailed description of the issue'), {
      target: { value: 'Changed' },
    });
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Cancel' }));
    expect(field(dialog, 'Description')).toHaveTextContent('Keep me');
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Save' }));
    expect(server.callsTo('PATCH /api/issues/1')).toHaveLength(0);
  });

  it('edits the title with Save and Cancel', async () => {
    const { dialog, server } = await openIssue(
      {},
      { 'PATCH /api/issues/1': answer(200, loadedIssue({ title: 'Write the whole spec', version: 4 })) },
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write the spec, edit title' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: 'Write the whole spec' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Write the whole spec, edit title' })).toBeInTheDocument();
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({
      title: 'Write the whole spec',
      version: 3,
      base: { title: 'Write the spec' },
    });
    // The card on the board (hidden from assistive technology behind the modal) follows.
    expect(screen.getByRole('button', { name: 'Write the whole spec', hidden: true })).toHaveAttribute(
      'data-issue-id',
      '1',
    );
  });

  it('saves links one per line and shows them as external links, never as script URLs', async () => {
    const links = ['https://example.com/a', 'example.org/b', 'javascript:alert(1)'];
    const { dialog, server } = await openIssue(
      {},
      { 'PATCH /api/issues/1': answer(200, loadedIssue({ links, version: 4 })) },
    );
    fireEvent.click(within(field(dialog, 'Links')).getByTestId('Links-value'));
    fireEvent.change(within(dialog).getByPlaceholderText('Enter links, one per line'), {
      target: { value: ' https://example.com/a \n\nexample.org/b\njavascript:alert(1)\n' },
    });
    fireEvent.click(within(field(dialog, 'Links')).getByRole('button', { name: 'Save' }));
    const first = await within(field(dialog, 'Links')).findByRole('link', { name: 'https://example.com/a' });
    expect(server.callsTo('PATCH /api/issues/1')[0]!.body).toEqual({ links, version: 3, base: { links: [] } });
    expect(first).toHaveAttribute('href', 'https://example.com/a');
    expect(first).toHaveAttribute('target', '_blank');
    expect(first).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(field(dialog, 'Links')).getByRole('link', { name: 'example.org/b' })).toHaveAttribute(
      'href',
      '//example.org/b',
    );
    const script = within(field(dialog, 'Links')).getByRole('link', { name: 'javascript:alert(1)' });
    expect(script.getAttribute('href')).toBe('//javascript:alert(1)');
    expect(script.getAttribute('href')).not.toMatch(/^javascript:/i);
  });

  it('shows "Error updating issue: ..." and keeps the editor open on failure', async () => {
    const { dialog } = await openIssue(
      {},
      { 'PATCH /api/issues/1': answer(400, { message: 'description is too long' }) },
    );
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
    fireEvent.change(within(dialog).getByPlaceholderText('Detailed description of the issue'), {
      target: { value: 'x' },
    });
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Error updating issue: description is too long')).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Detailed description of the issue')).toHaveValue('x');
  });

  it('says a field the server refuses in words after "Error updating issue:" (bug 7)', async () => {
    const { dialog } = await openIssue(
      {},
      { 'PATCH /api/issues/1': answer(400, { message: 'description: is too long' }) },
    );
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
    fireEvent.change(within(dialog).getByPlaceholderText('Detailed description of the issue'), {
      target: { value: 'x' },
    });
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Error updating issue: Description can be at most 20000 characters.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Detailed description of the issue')).toHaveValue('x');
  });

  it('on a stale edit (409) shows the message and, in place of the editor, their text beside mine', async () => {
    const fresh = loadedIssue({ description: 'Grace wrote this', version: 5 });
    const { dialog } = await openIssue(
      {},
      {
        'PATCH /api/issues/1': answer(409, {
          message: 'This issue was changed by someone else. The latest version is shown.',
          issue: fresh,
        }),
      },
    );
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Edit Description' }));
    fireEvent.change(within(dialog).getByPlaceholderText('Detailed description of the issue'), {
      target: { value: 'Mine' },
    });
    fireEvent.click(within(field(dialog, 'Description')).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('This issue was changed by someone else. The latest version is shown.'),
    ).toBeInTheDocument();
    const conflict = within(field(dialog, 'Description')).getByRole('group', { name: 'Resolve the conflict' });
    expect(within(conflict).getByRole('region', { name: 'Theirs' })).toHaveTextContent('Grace wrote this');
    expect(within(conflict).getByRole('region', { name: 'Yours' })).toHaveTextContent('Mine');
    expect(within(dialog).queryByPlaceholderText('Detailed description of the issue')).toBeNull();
  });

  it('closes on Escape and with the close button', async () => {
    const { dialog } = await openIssue();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(card('Write the spec'));
    const again = await screen.findByRole('dialog');
    await within(again).findByRole('heading', { level: 3, name: 'Owner' });
    fireEvent.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on a click on the backdrop', async () => {
    await openIssue();
    const backdrop = screen.getByTestId('dialog-backdrop');
    fireEvent.pointerDown(backdrop);
    fireEvent.mouseDown(backdrop);
    fireEvent.pointerUp(backdrop);
    fireEvent.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
