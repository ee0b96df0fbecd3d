import type { SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { apiOf, signIn, verificationToken } from './support/api';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';

// The administrator's journey of spec §2.16 in a real browser against the embedded app:
// accounts that registered and verified their e-mail wait in the list; the admin searches,
// sorts and pages through it, approves one account and rejects two at once. Afterwards the
// approved account can sign in and the rejected ones are refused with the spec's message.

const password = 'journey-password-1';
const person = (name: string) => ({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@journey.test`, password });
const amy = person('Amy Approved');
const ben = person('Ben Bulk');
const cat = person('Cat Bulk');
const waiting = ['Dan Waiting', 'Eve Waiting', 'Fay Waiting', 'Gus Waiting'].map(person);
const uma = person('Uma Unverified');

/** A login attempt's status and message, whatever the outcome. */
async function tryLogin(app: RunningApp, who: { email: string; password: string }) {
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  return { status: res.status, body: (await res.json()) as Partial<SessionResponse> & { message?: string } };
}

describe('an administrator approves and rejects pending accounts (spec §2.16)', () => {
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
    const api = apiOf(app);
    // One at a time, so registration order (the default sort, newest first) is known.
    for (const who of [amy, ben, cat, ...waiting, uma]) await api.call('POST', '/api/auth/register', who);
    for (const who of [amy, ben, cat, ...waiting])
      await api.call('POST', '/api/auth/verify-email', { token: await verificationToken(app.dataDir, who.email) });

    page = await chromium.browser.newPage();
    await signIn(page, await api.login(ADMIN.email, ADMIN.password));
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  const names = () => page.locator('tbody tr td:nth-child(3)').allTextContents();
  const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });
  const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();
  /** Waits until the table shows exactly these names, in this order. */
  async function expectNames(expected: string[]) {
    await page.waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll('tbody tr td:nth-child(3)')].map((td) => td.textContent)) === want,
      JSON.stringify(expected),
    );
    expect(await names()).toEqual(expected);
  }

  it('lists the accounts awaiting approval or verification, newest first', async () => {
    await page.goto(`${app.url}/admin`);
    await page.waitForURL(/\/admin\/user-approval$/);
    await page.getByRole('heading', { level: 1, name: 'User Approval' }).waitFor();
    await expectNames([
      'Uma Unverified',
      'Gus Waiting',
      'Fay Waiting',
      'Eve Waiting',
      'Dan Waiting',
      'Cat Bulk',
      'Ben Bulk',
      'Amy Approved',
    ]);
    await showing('Showing 1 to 8 of 8 results');
    expect(await page.getByRole('columnheader', { name: /^Registration Date/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await row('Uma Unverified').getByRole('button').allTextContents()).toEqual([
      expect.any(String),
      'Resend Email',
    ]);
    expect(await row('Amy Approved').getByRole('button').allTextContents()).toEqual([
      expect.any(String),
      'Approve',
      'Reject',
    ]);
  });

  it('searches by name or e-mail', async () => {
    const search = page.getByRole('searchbox', { name: 'Search by Name or Email' });
    await search.fill('bulk');
    await expectNames(['Cat Bulk', 'Ben Bulk']);
    await search.fill('amy.approved@');
    await expectNames(['Amy Approved']);
    await search.fill('');
    await expectNames([
      'Uma Unverified',
      'Gus Waiting',
      'Fay Waiting',
      'Eve Waiting',
      'Dan Waiting',
      'Cat Bulk',
      'Ben Bulk',
      'Amy Approved',
    ]);
  });

  it('sorts by name both ways', async () => {
    const sortByName = page.getByRole('columnheader', { name: /^Name/ }).getByRole('button');
    await sortByName.click();
    await expectNames([
      'Amy Approved',
      'Ben Bulk',
      'Cat Bulk',
      'Dan Waiting',
      'Eve Waiting',
      'Fay Waiting',
      'Gus Waiting',
      'Uma Unverified',
    ]);
    expect(await page.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await sortByName.click();
    await expectNames([
      'Uma Unverified',
      'Gus Waiting',
      'Fay Waiting',
      'Eve Waiting',
      'Dan Waiting',
      'Cat Bulk',
      'Ben Bulk',
      'Amy Approved',
    ]);
    await sortByName.click();
    await expectNames([
      'Amy Approved',
      'Ben Bulk',
      'Cat Bulk',
      'Dan Waiting',
      'Eve Waiting',
      'Fay Waiting',
      'Gus Waiting',
      'Uma Unverified',
    ]);
  });

  it('pages through the list, 5 per page', async () => {
    await page.getByLabel('Users per page').selectOption('5');
    await showing('Showing 1 to 5 of 8 results');
    await expectNames(['Amy Approved', 'Ben Bulk', 'Cat Bulk', 'Dan Waiting', 'Eve Waiting']);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await showing('Showing 6 to 8 of 8 results');
    await expectNames(['Fay Waiting', 'Gus Waiting', 'Uma Unverified']);
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Prev page' }).click();
    await showing('Showing 1 to 5 of 8 results');
  });

  it('approves one account after confirmation', async () => {
    await row('Amy Approved').getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve User' });
    await dialog.getByText(`Are you sure you want to approve user Amy Approved (${amy.email})?`).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('[SUCCESS] User Amy Approved approved.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectNames(['Ben Bulk', 'Cat Bulk', 'Dan Waiting', 'Eve Waiting', 'Fay Waiting']);
    await showing('Showing 1 to 5 of 7 results');
  });

  it('rejects two accounts at once after confirmation', async () => {
    await page.getByRole('checkbox', { name: 'Select Ben Bulk' }).check();
    await page.getByRole('checkbox', { name: 'Select Cat Bulk' }).check();
    await page.getByText('2 user(s) selected.').waitFor();
    expect(
      await page
        .getByRole('checkbox', { name: 'Select all users' })
        .evaluate((box: HTMLInputElement) => box.indeterminate),
    ).toBe(true);

    const confirmation = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Reject Selected' }).click();
    expect(await confirmation).toBe(
      'Are you sure you want to REJECT 2 selected users? This action is usually permanent.',
    );
    await page.getByText('[SUCCESS] 2 users rejected.').waitFor();
    await expectNames(['Dan Waiting', 'Eve Waiting', 'Fay Waiting', 'Gus Waiting', 'Uma Unverified']);
    await showing('Showing 1 to 5 of 5 results');
    await page.getByText('0 user(s) selected.').waitFor();
  });

  it('sends a new verification e-mail to an unverified account', async () => {
    await row('Uma Unverified').getByRole('button', { name: 'Resend Email' }).click();
    await page.getByText('[SUCCESS] Verification email resent to Uma Unverified.').waitFor();
  });

  it('lets the approved account sign in and refuses the rejected ones with the spec message', async () => {
    const approved = await tryLogin(app, amy);
    expect(approved.status).toBe(200);
    expect(approved.body.user?.status).toBe('ACTIVE');
    for (const rejected of [ben, cat]) {
      const refused = await tryLogin(app, rejected);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'Your account has been rejected. If you believe this is an error, please contact support.',
      );
      expect(refused.body.token).toBeUndefined();
    }
    // The others still wait.
    expect((await tryLogin(app, waiting[0]!)).body.user?.status).toBe('PENDING_APPROVAL');
  });
});
