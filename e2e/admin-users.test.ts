import type { SessionResponse } from '@trackboard/contracts';
import { chromium, type Browser, type Page } from 'playwright-core';
import { apiOf, signIn } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { CHROMIUM, FLAGS } from './support/browser';

// Issue 15, user management, in a real browser against the embedded app: an administrator
// suspends a user whose page is open in another browser (its socket is dropped by the server
// and the page is sent to sign in, with nothing clicked), makes another user an administrator,
// and finds both in the moderation log, with who did it and why.

type Person = SessionResponse & { email: string; password: string };

describe('an administrator manages accounts (issue 15)', () => {
  let app: RunningApp;
  let browser: Browser;
  let admin: SessionResponse;
  let sue: Person;
  let rob: Person;
  let adminPage: Page;

  beforeAll(async () => {
    [app, browser] = await Promise.all([
      startEmbeddedApp(),
      chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true }),
    ]);
    const api = apiOf(app);
    admin = await api.login(ADMIN.email, ADMIN.password);
    sue = await api.activeUser(admin, 'Sue Suspended');
    rob = await api.activeUser(admin, 'Rob Promoted');
    adminPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await signIn(adminPage, admin);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const row = (email: string) => adminPage.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
  const toast = (text: string) =>
    adminPage.getByRole('status', { name: 'Notifications' }).getByText(text, { exact: true }).waitFor();

  it('lists every account, and the sidebar leads there', async () => {
    await adminPage.goto(`${app.url}/dashboard`);
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users' }).click();
    await adminPage.waitForURL(/\/admin\/users$/);
    await adminPage.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await row(sue.email).waitFor();
    expect(await row(ADMIN.email).getByRole('cell').nth(4).textContent()).toBe('Admin');
    expect(await row(sue.email).getByRole('cell').nth(5).textContent()).toBe('Active');
  });

  it('suspends a user, whose open page is sent to sign in', async () => {
    const sueContext = await browser.newContext();
    try {
      const suePage = await sueContext.newPage();
      await signIn(suePage, sue);
      // Her realtime connection, once the server has accepted it (Socket.IO's CONNECT answer).
      const connected = new Promise<void>((resolve) =>
        suePage.on('websocket', (ws) =>
          ws.on('framereceived', ({ payload }) => void (String(payload).startsWith('40') && resolve())),
        ),
      );
      await suePage.goto(`${app.url}/dashboard`);
      await suePage.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await connected;

      await row(sue.email).getByRole('button', { name: 'Suspend' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Suspend User' });
      await dialog
        .getByText(
          `Suspend Sue Suspended (${sue.email})? They are signed out everywhere at once and cannot sign in until reactivated.`,
        )
        .waitFor();
      await dialog.getByLabel('Reason (Optional, for the moderation log)').fill('Posting spam');
      await dialog.getByRole('button', { name: 'Confirm Suspend' }).click();
      await toast('[SUCCESS] User Sue Suspended suspended.');
      await dialog.waitFor({ state: 'detached' });
      await row(sue.email).getByRole('cell', { name: 'Suspended', exact: true }).waitFor();

      // Nothing clicked on her side: the server dropped her socket, her page asked who she is.
      await suePage.waitForURL(/\/login/, { timeout: 15_000 });
      expect(await suePage.evaluate(() => localStorage.getItem('token'))).toBeNull();
      const login = await fetch(`${app.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: sue.email, password: sue.password }),
      });
      expect(login.status).toBe(403);
      expect((await login.json()).message).toBe('Your account has been suspended. Please contact support.');
    } finally {
      await sueContext.close();
    }
  });

  it('makes another user an administrator, which works for them at once', async () => {
    await row(rob.email).getByRole('button', { name: 'Make Admin' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Change Role' });
    await dialog.getByLabel('Reason (Optional, for the moderation log)').fill('Covers the night shift');
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await toast('[SUCCESS] Rob Promoted is now an administrator.');
    await adminPage.waitForFunction(
      (email) =>
        [...document.querySelectorAll('tbody tr')].some(
          (tr) => tr.textContent?.includes(email) && tr.querySelectorAll('td')[4]?.textContent === 'Admin',
        ),
      rob.email,
    );
    // His existing token now reaches administration: the role is read from his live session.
    const res = await fetch(`${app.url}/api/admin/users`, { headers: { authorization: `Bearer ${rob.token}` } });
    expect(res.status).toBe(200);
  });

  it('shows both in the moderation log, with who, what, when and why, and one user’s history', async () => {
    await adminPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation Log' }).click();
    await adminPage.getByRole('heading', { level: 1, name: 'Moderation Log' }).waitFor();
    const entries = adminPage.locator('tbody tr');
    await adminPage.getByRole('cell', { name: 'Made administrator' }).waitFor();
    const firstTwo = [
      await entries.nth(0).locator('td').allTextContents(),
      await entries.nth(1).locator('td').allTextContents(),
    ];
    expect(firstTwo.map((cells) => cells.slice(1))).toEqual([
      ['Made administrator', 'Rob Promoted', 'Administrator', 'Covers the night shift'],
      ['Suspended', 'Sue Suspended', 'Administrator', 'Posting spam'],
    ]);
    expect(firstTwo[0]![0]).toMatch(/\d/); // when

    await entries.nth(1).getByRole('link', { name: 'Sue Suspended' }).click();
    await adminPage.getByText('Actions on Sue Suspended').waitFor();
    await adminPage.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
    expect(await adminPage.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['Suspended', 'Approved']);
  });
});
