import type { SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';
import { verificationTokenFromMailFolder } from './support/mail';

const admin = { email: 'admin@example.test', password: 'admin-password-1' };
const ada = { name: 'Ada Lovelace', email: 'ada@example.test', password: 'ada-password-1' };
const bob = { name: 'Bob Builder', email: 'bob@example.test', password: 'bob-password-1' };

/** One JSON call to the running app's API; fails the test on an unexpected status. */
async function call<T>(app: RunningApp, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${app.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const login = (app: RunningApp, who: { email: string; password: string }) =>
  call<SessionResponse>(app, 'POST', '/auth/login', { email: who.email, password: who.password });

/** An ACTIVE account the way a person gets one: register, verify the e-mail, approval by the admin. */
async function givenActiveUser(app: RunningApp, adminToken: string, who: typeof ada) {
  const { user } = await call<SessionResponse>(app, 'POST', '/auth/register', who);
  await call(app, 'POST', '/auth/verify-email', { token: verificationTokenFromMailFolder(app.dataDir, who.email) });
  await call(app, 'PUT', `/admin/users/${user.id}/approve`, undefined, adminToken);
}

/** Signed in as login leaves it: `token` and `user` in localStorage before the app starts. */
async function signInAs(page: Page, session: SessionResponse) {
  await page.addInitScript(({ token, user }) => {
    window.localStorage.setItem('token', token);
    window.localStorage.setItem('user', JSON.stringify(user));
  }, session);
}

describe('a project from creation to its board (spec §2.7–§2.9)', () => {
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([
      startEmbeddedApp({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      launchChromium(),
    ]);
    const { token: adminToken } = await login(app, admin);
    await givenActiveUser(app, adminToken, ada);
    await givenActiveUser(app, adminToken, bob);
    page = await chromium.browser.newPage();
    await signInAs(page, await login(app, ada));
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  const pathname = () => new URL(page.url()).pathname;

  it('creates a project, its key forced to upper case, and shows its card', async () => {
    await page.goto(`${app.url}/projects`);
    await page.getByText('No projects found. Create one to get started!').waitFor();

    await page.getByLabel('Project Name').fill('Journey Project');
    await page.getByLabel('Project Key').pressSequentially('jrny-1');
    expect(await page.getByLabel('Project Key').inputValue()).toBe('JRNY1');
    await page.getByRole('button', { name: 'Create Project' }).click();

    const card = page.getByRole('article', { name: 'Journey Project' });
    await card.waitFor();
    await card.getByText('JRNY1').waitFor();
    await card.getByText('No description provided.').waitFor();
  });

  it('opens the details and adds a member by e-mail', async () => {
    await page.getByRole('article', { name: 'Journey Project' }).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('heading', { level: 1, name: 'Journey Project' }).waitFor();
    expect(pathname()).toBe('/projects/JRNY1');
    await page.getByRole('heading', { name: 'Team Members (1)' }).waitFor();

    await page.getByRole('button', { name: 'Edit Project' }).click();
    await page.getByLabel('Member Email').fill(bob.email);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await page.getByRole('heading', { name: 'Team Members (2)' }).waitFor();
    await page.getByRole('listitem', { name: bob.name }).getByText(bob.email).waitFor();
  });

  it('hands the lead to the new member after confirmation, and the edit controls go away', async () => {
    const bobId = await page
      .getByLabel('Change Project Lead')
      .locator('option', { hasText: bob.email })
      .getAttribute('value');
    await page.getByLabel('Change Project Lead').selectOption(bobId!);
    const confirmation = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Confirm New Lead' }).click();
    expect(await confirmation).toBe(
      `Are you sure you want to make ${bob.name} the new project lead? You will lose editing rights for this project.`,
    );

    await page.getByRole('region', { name: 'Project Lead' }).getByText(bob.name).waitFor();
    await page.getByLabel('Change Project Lead').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Edit Project' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Remove/ }).count()).toBe(0);
  });

  it('opens the board through /board/{key} and lands on /boards/{id}', async () => {
    const project = await call<{ boards: { id: string }[] }>(
      app,
      'GET',
      '/projects/JRNY1',
      undefined,
      (await login(app, bob)).token,
    );
    await page.goto(`${app.url}/board/JRNY1`);
    await page.waitForURL(/\/boards\/\d+$/);
    expect(pathname()).toBe(`/boards/${project.boards[0]!.id}`);
    await page.locator('[data-remote="mf_boards"]').waitFor();
    // The redirect replaced its own entry: Back returns to the details, not to /board/JRNY1.
    await page.goBack();
    await page.waitForURL(/\/projects\/JRNY1$/);
  });
});
