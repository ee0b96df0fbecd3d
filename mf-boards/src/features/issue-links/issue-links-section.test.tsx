import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LinkedIssueDto, RelationListDto, SubIssuesDto } from '@trackboard/contracts';
import { answer, installViewport, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, issue, signInAs } from '../../testing/board-fixtures';
import { openIssue } from '../../testing/render-board';
import { useBoardStore } from '../../shared/board-store';
import { mutate } from 'swr';

// swr keeps one cache for the whole file (the harness mounts no SWRConfig of its own) and shares
// a request made within two seconds of another: each test here starts empty and asks afresh.
jest.mock('swr', () => {
  const actual = jest.requireActual<typeof import('swr')>('swr');
  const useSWR: typeof actual.default = ((key: unknown, fetcher: unknown, config: object) =>
    (actual.default as (...args: unknown[]) => unknown)(key, fetcher, { ...config, dedupingInterval: 0 })) as never;
  return { __esModule: true, ...actual, default: useSWR };
});

// The issue dialog's links: "Write the spec" (WEB-1) with its sub-issues, its parent and its
// relations, as the board service answers them.

const linked = (id: string, title: string, status: LinkedIssueDto['status'] = 'TODO'): LinkedIssueDto => ({
  id,
  key: `WEB-${id}`,
  title,
  status,
  boardId: '1',
});

const subIssues = (fields: Partial<SubIssuesDto> = {}): SubIssuesDto => ({
  parent: null,
  subIssues: [
    linked('4', 'Outline', 'DONE'),
    linked('5', 'First draft', 'DONE'),
    linked('6', 'Review', 'CLOSED'),
    linked('7', 'Publish'),
    linked('8', 'Announce', 'IN_PROGRESS'),
  ],
  done: 3,
  ...fields,
});

const noRelations: RelationListDto = { relations: [], hidden: 0 };

/** The dialog of WEB-1 with these links; `fields` change the issue as GET /issues/1 sends it. */
async function openLinks(
  fields: Parameters<typeof openIssue>[0] = {},
  routes: Record<string, FakeRoute> = {},
  relations: RelationListDto | FakeRoute = noRelations,
) {
  const opened = await openIssue(fields, {
    'GET /api/issues/1/sub-issues': answer(200, subIssues()),
    'GET /api/issues/1/relations': typeof relations === 'function' ? relations : answer(200, relations),
    ...routes,
  });
  const subSection = await within(opened.dialog).findByRole('region', { name: /^Sub-issues/ });
  const relSection = within(opened.dialog).getByRole('region', { name: 'Relations' });
  return { ...opened, subSection, relSection };
}

beforeEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
  signInAs(ada);
  installViewport(1280);
});

describe("the issue dialog's sub-issues", () => {
  it('lists the direct sub-issues with key, title and status, each a link to its dialog, and the progress', async () => {
    const { subSection } = await openLinks({ subIssueCount: 5, subIssuesDone: 3 });
    expect(await within(subSection).findByText('3 of 5 done')).toBeInTheDocument();
    expect(within(subSection).getByRole('heading', { name: 'Sub-issues 5' })).toBeInTheDocument();
    const review = within(subSection).getByRole('link', { name: 'WEB-6 Review' });
    expect(review).toHaveAttribute('href', '/boards/1/issues/WEB-6');
    expect(review.closest('li')).toHaveTextContent('Closed');
    expect(within(subSection).getByRole('link', { name: 'WEB-8 Announce' }).closest('li')).toHaveTextContent(
      'In Progress',
    );
    expect(within(subSection).getAllByRole('listitem')).toHaveLength(5);
  });

  it('asks nothing for an issue with neither parent nor sub-issues', async () => {
    const { server, subSection } = await openLinks();
    expect(within(subSection).getByText('No sub-issues yet.')).toBeInTheDocument();
    expect(within(subSection).getByText('No parent')).toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/1/sub-issues')).toHaveLength(0);
  });

  it('creates a sub-issue in the first column with Enter, makes it one, and lists it', async () => {
    let list = subIssues({ subIssues: [], done: 0 });
    const { server, subSection } = await openLinks(
      {},
      {
        'GET /api/issues/1/sub-issues': () => answer(200, list),
        'POST /api/issues': answer(201, issue({ id: '9', columnId: '10', position: 2, title: 'Proofread' })),
        'PUT /api/issues/9/parent': () => {
          list = subIssues({ subIssues: [linked('9', 'Proofread')], done: 0 });
          return answer(200, issue({ id: '9', columnId: '10', position: 2, title: 'Proofread', parentId: '1' }));
        },
      },
    );
    fireEvent.click(within(subSection).getByRole('button', { name: 'Add sub-issue' }));
    const input = within(subSection).getByRole('textbox', { name: 'Sub-issue title' });
    expect(input).toHaveFocus();
    fireEvent.change(input, { target: { value: 'Proofread' } });
    fireEvent.submit(input.closest('form')!);

    expect(await within(subSection).findByRole('link', { name: 'WEB-9 Proofread' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/issues')[0]!.body).toEqual({ projectId: '3', columnId: '10', title: 'Proofread' });
    expect(server.callsTo('PUT /api/issues/9/parent')[0]!.body).toEqual({ parentId: '1' });
    expect(within(subSection).getByText('0 of 1 done')).toBeInTheDocument();
    // The box stays for the next one, emptied.
    expect(within(subSection).getByRole('textbox', { name: 'Sub-issue title' })).toHaveValue('');
  });

  it('cancels the new sub-issue with Escape, leaving the dialog open', async () => {
    const { server, dialog, subSection } = await openLinks();
    fireEvent.click(within(subSection).getByRole('button', { name: 'Add sub-issue' }));
    const input = within(subSection).getByRole('textbox', { name: 'Sub-issue title' });
    fireEvent.change(input, { target: { value: 'Never mind' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(within(subSection).queryByRole('textbox')).toBeNull());
    expect(dialog).toBeInTheDocument();
    expect(server.callsTo('POST /api/issues')).toHaveLength(0);
  });

  it("shows the parent above the title and in the section, and the server's refusal of a new parent", async () => {
    const { dialog, subSection, server } = await openLinks(
      { parentId: '2' },
      {
        'GET /api/issues/1/sub-issues': answer(
          200,
          subIssues({ parent: linked('2', 'Draw the board'), subIssues: [], done: 0 }),
        ),
        'GET /api/issues/by-key/WEB-3': answer(200, issue({ id: '3', columnId: '11', position: 0 })),
        'PUT /api/issues/1/parent': answer(400, {
          message: 'parentId: an issue cannot be a sub-issue of itself or of its own sub-issues',
        }),
      },
    );
    const crumb = await within(dialog).findByRole('navigation', { name: 'Parent issue' });
    expect(within(crumb).getByRole('link', { name: 'WEB-2 Draw the board' })).toHaveAttribute(
      'href',
      '/boards/1/issues/WEB-2',
    );
    expect(crumb).toHaveTextContent('WEB-2Draw the board›WEB-1');
    expect(within(subSection).getByRole('link', { name: 'WEB-2 Draw the board' })).toBeInTheDocument();

    fireEvent.click(within(subSection).getByRole('button', { name: 'Change parent' }));
    const input = within(subSection).getByRole('textbox', { name: 'Parent issue key' });
    fireEvent.change(input, { target: { value: 'WEB-3' } });
    fireEvent.submit(input.closest('form')!);
    expect(await within(subSection).findByRole('alert')).toHaveTextContent(
      'An issue cannot be a sub-issue of itself or of its own sub-issues',
    );
    expect(server.callsTo('PUT /api/issues/1/parent')[0]!.body).toEqual({ parentId: '3' });
    expect(input).toHaveValue('WEB-3');
  });

  it('says an unknown parent key, and removes the parent', async () => {
    let list = subIssues({ parent: linked('2', 'Draw the board'), subIssues: [], done: 0 });
    const { subSection, server } = await openLinks(
      { parentId: '2' },
      {
        'GET /api/issues/1/sub-issues': () => answer(200, list),
        'PUT /api/issues/1/parent': () => {
          list = subIssues({ subIssues: [], done: 0 });
          return answer(200, issue({ id: '1', columnId: '10', position: 0 }));
        },
      },
    );
    await within(subSection).findByRole('link', { name: 'WEB-2 Draw the board' });
    fireEvent.click(within(subSection).getByRole('button', { name: 'Change parent' }));
    const input = within(subSection).getByRole('textbox', { name: 'Parent issue key' });
    fireEvent.change(input, { target: { value: 'NOPE-1' } });
    fireEvent.submit(input.closest('form')!);
    expect(await within(subSection).findByRole('alert')).toHaveTextContent('No issue you can see has this key');
    fireEvent.click(within(subSection).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(subSection).getByRole('button', { name: 'Remove parent' }));
    expect(await within(subSection).findByText('No parent')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/issues/1/parent')[0]!.body).toEqual({ parentId: null });
  });

  it('asks for the list again when the board room brings a change to the issue', async () => {
    const { server, subSection } = await openLinks({ subIssueCount: 5, subIssuesDone: 3 });
    await within(subSection).findByText('3 of 5 done');
    const before = server.callsTo('GET /api/issues/1/sub-issues').length;
    server.on('GET /api/issues/1/sub-issues', answer(200, subIssues({ done: 4 })));
    act(() =>
      useBoardStore.getState().receiveBoardUpdate({
        boardId: '1',
        version: 6,
        complete: false,
        issues: [
          issue({
            id: '1',
            columnId: '10',
            position: 0,
            title: 'Write the spec',
            version: 4,
            subIssueCount: 5,
            subIssuesDone: 4,
          }),
        ],
      }),
    );
    expect(await within(subSection).findByText('4 of 5 done')).toBeInTheDocument();
    expect(server.callsTo('GET /api/issues/1/sub-issues').length).toBeGreaterThan(before);
  });
});

describe("the issue dialog's relations", () => {
  const relations: RelationListDto = {
    relations: [
      { id: '31', type: 'blocks', issue: linked('2', 'Draw the board') },
      { id: '32', type: 'blocked_by', issue: linked('3', 'Build the API', 'IN_PROGRESS') },
      { id: '33', type: 'relates', issue: linked('12', 'Style guide', 'DONE') },
      { id: '34', type: 'blocks', issue: linked('13', 'Ship it') },
    ],
    hidden: 0,
  };

  it('groups the links by kind under readable headings, each with key, title and status', async () => {
    const { relSection } = await openLinks({}, {}, relations);
    const blocks = await within(relSection).findByRole('heading', { name: 'Blocks' });
    const group = blocks.parentElement!;
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['WEB-2Draw the board', 'WEB-13Ship it']);
    const blockedBy = within(relSection).getByRole('heading', { name: 'Blocked by' }).parentElement!;
    expect(within(blockedBy).getByRole('link', { name: 'WEB-3 Build the API' }).closest('li')).toHaveTextContent(
      'In Progress',
    );
    expect(within(relSection).getByRole('heading', { name: 'Relates to' })).toBeInTheDocument();
    expect(within(relSection).queryByRole('heading', { name: 'Duplicates' })).toBeNull();
    expect(within(relSection).queryByText(/you don't have access to/)).toBeNull();
  });

  it('counts the links to issues the viewer may not see, in words', async () => {
    const { relSection } = await openLinks({}, {}, { relations: [], hidden: 1 });
    expect(await within(relSection).findByText("1 issue you don't have access to")).toBeInTheDocument();
    expect(within(relSection).queryByText('No relations yet.')).toBeNull();
  });

  it('says several hidden issues in the plural', async () => {
    const { relSection } = await openLinks({}, {}, { ...relations, hidden: 3 });
    expect(await within(relSection).findByText("3 issues you don't have access to")).toBeInTheDocument();
  });

  it('adds a relation by kind and key, and lists it', async () => {
    let list: RelationListDto = noRelations;
    const added = { id: '40', type: 'duplicates' as const, issue: linked('2', 'Draw the board') };
    const { relSection, server } = await openLinks(
      {},
      {
        'POST /api/issues/1/relations': () => {
          list = { relations: [added], hidden: 0 };
          return answer(201, added);
        },
      },
      () => answer(200, list),
    );
    await within(relSection).findByText('No relations yet.');
    fireEvent.click(within(relSection).getByRole('button', { name: 'Add relation' }));
    fireEvent.change(within(relSection).getByRole('combobox', { name: 'Relation type' }), {
      target: { value: 'duplicates' },
    });
    // A duplicate is closed with its link unless unticked.
    expect(within(relSection).getByRole('checkbox', { name: 'Close this issue' })).toBeChecked();
    const input = within(relSection).getByRole('textbox', { name: 'Issue key' });
    fireEvent.change(input, { target: { value: 'web-2' } });
    fireEvent.submit(input.closest('form')!);

    const heading = await within(relSection).findByRole('heading', { name: 'Duplicates' });
    expect(within(heading.parentElement!).getByRole('link', { name: 'WEB-2 Draw the board' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/issues/1/relations')[0]!.body).toEqual({
      type: 'duplicates',
      issueKey: 'web-2',
      close: true,
    });
    expect(within(relSection).queryByRole('textbox', { name: 'Issue key' })).toBeNull();
  });

  it("shows the server's refusal under the form, keeping what was typed", async () => {
    const { relSection, server } = await openLinks(
      {},
      {
        'POST /api/issues/1/relations': answer(409, { message: 'WEB-1 blocks WEB-2 already.' }),
      },
      relations,
    );
    await within(relSection).findByRole('heading', { name: 'Blocks' });
    fireEvent.click(within(relSection).getByRole('button', { name: 'Add relation' }));
    // Only a duplicate is closed with its link.
    expect(within(relSection).queryByRole('checkbox', { name: 'Close this issue' })).toBeNull();
    const input = within(relSection).getByRole('textbox', { name: 'Issue key' });
    fireEvent.change(input, { target: { value: 'WEB-2' } });
    fireEvent.submit(input.closest('form')!);
    expect(await within(relSection).findByRole('alert')).toHaveTextContent('WEB-1 blocks WEB-2 already.');
    expect(server.callsTo('POST /api/issues/1/relations')[0]!.body).toEqual({ type: 'blocks', issueKey: 'WEB-2' });
    expect(input).toHaveValue('WEB-2');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('removes a relation at once', async () => {
    const { relSection, server } = await openLinks({}, { 'DELETE /api/issues/1/relations/33': answer(204) }, relations);
    await within(relSection).findByRole('heading', { name: 'Relates to' });
    fireEvent.click(within(relSection).getByRole('button', { name: 'Remove “Relates to” WEB-12' }));
    await waitFor(() => expect(within(relSection).queryByRole('heading', { name: 'Relates to' })).toBeNull());
    expect(server.callsTo('DELETE /api/issues/1/relations/33')).toHaveLength(1);
    expect(within(relSection).getByRole('link', { name: 'WEB-2 Draw the board' })).toBeInTheDocument();
  });

  it('shows links without the means to change them in an archived project', async () => {
    const { relSection, subSection } = await openLinks(
      { subIssueCount: 5, subIssuesDone: 3 },
      {
        'GET /api/projects/WEB': answer(200, {
          id: '3',
          key: 'WEB',
          name: 'Website',
          description: '',
          archivedAt: '2025-02-01T09:00:00.000Z',
        }),
      },
      relations,
    );
    await within(relSection).findByRole('heading', { name: 'Blocks' });
    await waitFor(() => expect(within(subSection).queryByRole('button', { name: 'Add sub-issue' })).toBeNull());
    expect(within(subSection).getByRole('link', { name: 'WEB-6 Review' })).toBeInTheDocument();
    expect(within(relSection).queryByRole('button', { name: 'Add relation' })).toBeNull();
    expect(within(relSection).queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(within(subSection).queryByRole('button', { name: 'Set parent' })).toBeNull();
    expect(screen.queryByText('Relations could not be loaded.')).toBeNull();
  });
});
