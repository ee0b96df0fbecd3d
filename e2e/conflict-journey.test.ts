import type { BoardDto, IssueDto, SessionResponse } from '@trackboard/contracts';
import type { Locator, Page } from 'playwright-core';
import type { SharedApp } from './support/shared';
import { teamBoard } from './support/team-board';

// Two people editing one issue's description in two browsers: nothing either writes is lost
// without them seeing it. And Escape in an editor leaves the editor, its draft kept until saved
// or discarded. Each journey has a project and people of its own (Ada leads it, Bob is on its team).
describe('editing an issue together', () => {
  const team = teamBoard('CNF', 'Conflicts');
  let app: SharedApp;
  let ada: SessionResponse & { email: string };
  let board: BoardDto;
  let adaPage: Page;
  let bobPage: Page;

  const api = () => team.journey.api;
  const givenIssue = (title: string, description: string) => api().createIssue(ada, board, title, { description });
  const savedIssue = (issueId: string) => api().call<IssueDto>('GET', `/api/issues/${issueId}`, undefined, ada.token);

  /** The issue's dialog, opened at its address. */
  async function openIssue(page: Page, issue: IssueDto): Promise<Locator> {
    await page.goto(`${app.url}/boards/${board.id}/issues/${issue.key}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `${issue.title}, edit title` }).waitFor();
    return dialog;
  }
  const description = (dialog: Locator) => dialog.getByRole('region', { name: 'Description', exact: true });
  const descriptionBox = (dialog: Locator) => dialog.getByPlaceholder('Detailed description of the issue');
  async function editDescription(dialog: Locator, text: string) {
    await description(dialog).getByRole('button', { name: 'Edit Description' }).click();
    await descriptionBox(dialog).fill(text);
  }

  beforeEach(() => ({ app, ada, board, adaPage, bobPage } = team));

  it('the second save of one description shows both texts, and the merge keeps both people’s words', async () => {
    const issue = await givenIssue('Shared plan', 'Goals');
    const [adaDialog, bobDialog] = await Promise.all([openIssue(adaPage, issue), openIssue(bobPage, issue)]);
    await editDescription(adaDialog, 'Goals\n- fast');
    await editDescription(bobDialog, 'Summary\nGoals');

    await description(adaDialog).getByRole('button', { name: 'Save' }).click();
    await description(adaDialog).getByRole('listitem').getByText('fast').waitFor();

    // Bob is told at once, while he is still typing, and his draft is untouched.
    await description(bobDialog).getByText('Ada Lovelace changed this while you were editing').waitFor();
    expect(await descriptionBox(bobDialog).inputValue()).toBe('Summary\nGoals');

    await description(bobDialog).getByRole('button', { name: 'Save' }).click();
    const conflict = description(bobDialog).getByRole('group', { name: 'Resolve the conflict' });
    await conflict.waitFor();
    const theirs = conflict.getByRole('region', { name: 'Theirs' });
    const yours = conflict.getByRole('region', { name: 'Yours' });
    expect(await theirs.locator('mark').allTextContents()).toEqual(['- fast']);
    expect(await yours.locator('mark').allTextContents()).toEqual(['Summary']);
    // Nothing of Bob's was written over Ada's.
    expect((await savedIssue(issue.id)).description).toBe('Goals\n- fast');

    const merge = conflict.getByRole('textbox', { name: 'Merge' });
    expect(await merge.inputValue()).toBe('Summary\nGoals\n- fast');
    await merge.fill('Summary\nGoals\n- fast\n- safe');
    await conflict.getByRole('button', { name: 'Save merge' }).click();
    await description(bobDialog).getByRole('listitem').getByText('safe').waitFor();
    expect((await savedIssue(issue.id)).description).toBe('Summary\nGoals\n- fast\n- safe');
    // Ada's open dialog follows.
    await description(adaDialog).getByRole('listitem').getByText('safe').waitFor();

    // The History has both saves, each by its author.
    await bobDialog.getByRole('tab', { name: 'History' }).click();
    const history = bobDialog.getByRole('region', { name: 'History' });
    await history.getByText('changed the description').nth(1).waitFor();
    const lines = (await history.getByRole('listitem').allTextContents()).filter((line) =>
      line.includes('changed the description'),
    );
    expect(lines.map((line) => line.slice(0, line.indexOf(' changed')).trim())).toEqual([
      expect.stringContaining('Bob Builder'),
      expect.stringContaining('Ada Lovelace'),
    ]);
  });

  it('Escape leaves the description editor, not the dialog; the draft survives closing and a reload until discarded', async () => {
    const issue = await givenIssue('Draft me', 'Goals');
    let dialog = await openIssue(adaPage, issue);
    await editDescription(dialog, 'Half a thought');

    await descriptionBox(dialog).press('Escape');
    const question = dialog.getByRole('group', { name: 'Discard your changes?' });
    await question.waitFor();
    expect(await adaPage.getByRole('dialog').count()).toBe(1);
    await question.getByRole('button', { name: 'Keep editing' }).click();
    expect(await descriptionBox(dialog).inputValue()).toBe('Half a thought');

    // Closed with the text unsaved, the dialog opens again with the draft offered back …
    await dialog.getByRole('button', { name: 'Close' }).click();
    await adaPage.getByRole('dialog').waitFor({ state: 'detached' });
    await adaPage.getByRole('button', { name: 'Draft me', exact: true }).click();
    await draftIsBack();
    // … and so after a reload (the dialog's address reopens it).
    await adaPage.reload();
    await draftIsBack();

    // Discarded, it is gone: the dialog stays, with the saved text.
    await descriptionBox(dialog).press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await descriptionBox(dialog).waitFor({ state: 'detached' });
    expect(await adaPage.getByRole('dialog').count()).toBe(1);
    await description(dialog).getByRole('button', { name: 'Edit Description' }).click();
    expect(await descriptionBox(dialog).inputValue()).toBe('Goals');
    expect(await description(dialog).getByText('Your unsaved draft is back.').count()).toBe(0);
    expect((await savedIssue(issue.id)).description).toBe('Goals');

    async function draftIsBack() {
      dialog = adaPage.getByRole('dialog');
      await description(dialog).getByText('Goals').waitFor();
      await description(dialog).getByRole('button', { name: 'Edit Description' }).click();
      await description(dialog).getByText('Your unsaved draft is back.').waitFor();
      expect(await descriptionBox(dialog).inputValue()).toBe('Half a thought');
    }
  });
});
