import type { BoardDto } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { formatFindings, seriousViolations } from './support/axe';
import { journey } from './support/journey';
import { uniqueKey } from './support/unique';

// The board of an archived project in Chromium: archived through the API, its board says so and
// offers no change (no "+ Add Issue", no column menu, a card that opens but does not lift, a
// dialog that reads); unarchived, a reload brings every control back.

const banner = 'This project is archived. It is read-only until the project lead or an administrator unarchives it.';

describe('the board of an archived project', () => {
  const j = journey();
  const { app, api } = j;
  let page: Page;
  let board: BoardDto;
  let key: string;
  /** Lead's token. */
  let token: string;

  // Each test: a lead with a project of its own (one issue on its board), archived through the API.
  beforeEach(async () => {
    const lead = await j.activeUser('Ona Lead');
    token = lead.token;
    key = uniqueKey('SHELF');
    const project = await api.createProject(lead, 'Shelved Site', key);
    board = await api.call<BoardDto>('GET', `/api/boards/${project.boards[0]!.id}`, undefined, lead.token);
    await api.call(
      'POST',
      '/api/issues',
      { projectId: board.projectId, columnId: board.columns[0]!.id, title: 'Keep the lights on' },
      lead.token,
    );
    await api.call('POST', `/api/projects/${key}/archive`, undefined, lead.token);
    page = await j.newPage({ as: lead });
  });

  const addIssue = () => page.getByRole('button', { name: /^\+ Add Issue/ });
  const columnMenus = () => page.getByRole('button', { name: /^Column actions for/ });
  const card = () => page.getByRole('button', { name: 'Keep the lights on' });

  it('archived: the board says so and offers nothing to change', async () => {
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('status').filter({ hasText: banner }).waitFor();
    await card().waitFor();
    expect(await addIssue().count()).toBe(0);
    expect(await columnMenus().count()).toBe(0);
    expect(await page.getByRole('button', { name: '+ Add column' }).count()).toBe(0);
    expect(await page.locator('[data-card][draggable="true"]').count()).toBe(0);

    // Space lifts nothing; Enter opens the issue to read.
    await card().focus();
    await page.keyboard.press('Space');
    expect(await page.getByTestId('drag-announcer').textContent()).toBe('');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 2, name: 'Keep the lights on' }).waitFor();
    await dialog.getByRole('heading', { level: 3, name: 'Owner' }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete Issue' }).count()).toBe(0);
    expect(await dialog.getByRole('combobox', { name: 'Status' }).isDisabled()).toBe(true);
    await dialog.getByText('No comments yet.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Post Comment' }).count()).toBe(0);

    const findings = await seriousViolations(page);
    expect(formatFindings(findings.map((finding) => ({ screen: 'archived board, issue dialog', finding })))).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const boardFindings = await seriousViolations(page);
    expect(formatFindings(boardFindings.map((finding) => ({ screen: 'archived board', finding })))).toBe('');
  });

  it('unarchived: a reload brings the controls back', async () => {
    await page.goto(`${app.url}/boards/${board.id}`);
    await page.getByRole('status').filter({ hasText: banner }).waitFor();
    await api.call('POST', `/api/projects/${key}/unarchive`, undefined, token);
    await page.reload();
    await card().waitFor();
    await addIssue().first().waitFor();
    expect(await columnMenus().count()).toBe(board.columns.length);
    expect(await page.getByText(banner).count()).toBe(0);
    expect(await page.locator('[data-card][draggable="true"]').count()).toBe(1);
  });
});
