import type { Page } from 'playwright-core';
import { ADMIN } from './support/app-process';
import { journey, type Person } from './support/journey';
import { eventually } from './support/poll';
import { uniqueTag } from './support/unique';

// User management in a real browser against the embedded app: an administrator suspends a user
// whose page is open in another browser (its socket is dropped by the server and the page is sent
// to sign in, with nothing clicked), makes another user an administrator, and finds both in the
// moderation log, with who did it and why. The app is shared with other journeys: each test makes
// its own people (their names carry a tag of its own) and finds their rows by e-mail or that tag.

describe('an administrator manages accounts', () => {
  const j = journey();
  const { app } = j;
  let tag: string;
  let adminPage: Page;

  beforeEach(async () => {
    tag = uniqueTag(6);
    adminPage = await j.newPage({ as: await j.admin() });
  });
  /** A person of this test's own. */
  const given = (name: string): Promise<Person> => j.activeUser(`${name} ${tag}`);

  const row = (email: string) => adminPage.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  const toast = (text: string) =>
    adminPage.getByRole('status', { name: 'Notifications' }).getByText(text, { exact: true }).waitFor();
  /** The Users page, searched for one account (the list holds every other journey's too). */
  async function usersPageFor(email: string) {
    await adminPage.goto(`${app.url}/admin/users`);
    await adminPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await showOnly(email);
  }
  async function showOnly(email: string) {
    await adminPage.getByRole('searchbox').fill(email);
    await row(email).waitFor();
  }

  it('lists every account, and the sidebar leads there', async () => {
    const sue = await given('Sue Suspended');
    await adminPage.goto(`${app.url}/dashboard`);
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await adminPage.waitForURL(/\/admin\/users$/);
    await adminPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await showOnly(ADMIN.email);
    await eventually(() => row(ADMIN.email).getByRole('cell').nth(4).textContent(), 'Admin');
    await showOnly(sue.email);
    await eventually(() => row(sue.email).getByRole('cell').nth(5).textContent(), 'Active');
  });

  it('suspends a user, whose open page is sent to sign in', async () => {
    const sue = await given('Sue Suspended');
    const suePage = await j.newPage({ as: sue });
    // Her realtime connection, once the server has accepted it (Socket.IO's CONNECT answer).
    const connected = new Promise<void>((resolve) =>
      suePage.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => void (String(payload).startsWith('40') && resolve())),
      ),
    );
    await suePage.goto(`${app.url}/dashboard`);
    await suePage.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await connected;

    await usersPageFor(sue.email);
    await row(sue.email).getByRole('button', { name: 'Suspend' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Suspend User' });
    await dialog
      .getByText(
        `Suspend ${sue.user.name} (${sue.email})? They are signed out everywhere at once and cannot sign in until reactivated.`,
      )
      .waitFor();
    await dialog.getByLabel('Reason (Optional, for the moderation log)').fill('Posting spam');
    await dialog.getByRole('button', { name: 'Confirm Suspend' }).click();
    await toast(`[SUCCESS] User ${sue.user.name} suspended.`);
    await dialog.waitFor({ state: 'detached' });
    await row(sue.email).getByRole('cell', { name: 'Suspended', exact: true }).waitFor();

    // Nothing clicked on her side: the server dropped her socket, her page asked who she is.
    await suePage.waitForURL(/\/login/, { timeout: 15_000 });
    expect(await suePage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await j.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: sue.email, password: sue.password }),
    });
    expect(login.status).toBe(403);
    expect((await login.json()).message).toBe('Your account has been suspended. Please contact support.');
  });

  it('makes another user an administrator, which works for them at once', async () => {
    const rob = await given('Rob Promoted');
    await usersPageFor(rob.email);
    await row(rob.email).getByRole('button', { name: 'Make Admin' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Change Role' });
    await dialog.getByLabel('Reason (Optional, for the moderation log)').fill('Covers the night shift');
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await toast(`[SUCCESS] ${rob.user.name} is now an administrator.`);
    await adminPage.waitForFunction(
      (email) =>
        [...document.querySelectorAll('tbody tr')].some(
          (tr) => tr.textContent?.includes(email) && tr.querySelectorAll('td')[4]?.textContent === 'Admin',
        ),
      rob.email,
    );
    // His existing token now reaches administration: the role is read from his live session.
    const res = await j.fetch('/api/admin/users', { headers: { authorization: `Bearer ${rob.token}` } });
    expect(res.status).toBe(200);
  });

  it('shows both in the moderation log, with who, what, when and why, and one user’s history', async () => {
    // What the two tests before did in the browser, done through the API: Sue suspended, then Rob promoted.
    const [sue, rob] = [await given('Sue Suspended'), await given('Rob Promoted')];
    const { token } = await j.admin();
    await j.api.call(
      'PUT',
      `/api/admin/users/${sue.user.id}/status`,
      { status: 'SUSPENDED', reason: 'Posting spam' },
      token,
    );
    await j.api.call(
      'PUT',
      `/api/admin/users/${rob.user.id}/role`,
      { role: 'admin', reason: 'Covers the night shift' },
      token,
    );

    await adminPage.goto(`${app.url}/dashboard`);
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation Log' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Moderation Log' }).waitFor();
    // Newest first; the log is every journey's, this test's rows are the ones with its tag.
    const entries = adminPage.locator('tbody tr').filter({ hasText: tag });
    await entries.filter({ hasText: 'Made administrator' }).waitFor();
    const firstTwo = [
      await entries.nth(0).locator('td').allTextContents(),
      await entries.nth(1).locator('td').allTextContents(),
    ];
    expect(firstTwo.map((cells) => cells.slice(1))).toEqual([
      ['Made administrator', rob.user.name, 'Administrator', 'Covers the night shift'],
      ['Suspended', sue.user.name, 'Administrator', 'Posting spam'],
    ]);
    expect(firstTwo[0]![0]).toMatch(/\d/); // when

    await entries.nth(1).getByRole('link', { name: sue.user.name }).click();
    await adminPage.getByText(`Actions on ${sue.user.name}`).waitFor();
    await adminPage.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    expect(await adminPage.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['Suspended', 'Approved']);
  });
});
