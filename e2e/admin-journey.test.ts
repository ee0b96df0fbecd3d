import type { SessionResponse } from '@trackboard/contracts';
import type { Page } from 'playwright-core';
import { verificationToken } from './support/api';
import { journey } from './support/journey';
import { uniqueTag } from './support/unique';

// The administrator's journey of spec §2.16 in a real browser against the embedded app:
// accounts that registered and verified their e-mail wait in the list; the admin searches,
// sorts and pages through it, approves one account and rejects two at once. Afterwards the
// approved account can sign in and the rejected ones are refused with the spec's message.
//
// The app is shared with other journeys, whose accounts wait in the same list: each test
// registers accounts of its own whose names and e-mail addresses carry a tag of its own, and
// first searches for that tag, so the list shows its accounts alone.

const password = 'journey-password-1';

describe('an administrator approves and rejects pending accounts (spec §2.16)', () => {
  const j = journey();
  const { app } = j;
  let page: Page;
  let tag: string;
  /** This test's account called `name` (its name carries the tag, as does its e-mail's domain). */
  const person = (name: string) => ({
    name: `${name} ${tag}`,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@${tag.toLowerCase()}.journey.test`,
    password,
  });
  /** Account ids by e-mail address. */
  const ids = new Map<string, string>();
  let amy: ReturnType<typeof person>;
  let ben: typeof amy;
  let cat: typeof amy;
  let waiting: (typeof amy)[];
  let uma: typeof amy;
  /** This test's names for these people. */
  const tagged = (names: string[]) => names.map((name) => `${name} ${tag}`);

  /** A login attempt's status and message, whatever the outcome. */
  async function tryLogin(who: { email: string; password: string }) {
    const res = await j.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: who.email, password: who.password }),
    });
    return { status: res.status, body: (await res.json()) as Partial<SessionResponse> & { message?: string } };
  }

  beforeEach(async () => {
    tag = uniqueTag(6);
    amy = person('Amy Approved');
    ben = person('Ben Bulk');
    cat = person('Cat Bulk');
    waiting = ['Dan Waiting', 'Eve Waiting', 'Fay Waiting', 'Gus Waiting'].map(person);
    uma = person('Uma Unverified');
    // One at a time, so registration order (the default sort, newest first) is known.
    for (const who of [amy, ben, cat, ...waiting, uma])
      ids.set(who.email, (await j.api.call<SessionResponse>('POST', '/api/auth/register', who)).user.id);
    await Promise.all(
      [amy, ben, cat, ...waiting].map(async (who) =>
        j.api.call('POST', '/api/auth/verify-email', { token: await verificationToken(app.dataDir, who.email) }),
      ),
    );
    page = await j.newPage({ as: await j.admin() });
  });

  const names = () => page.locator('tbody tr td:nth-child(3)').allTextContents();
  const row = (name: string) => page.getByRole('row', { name: new RegExp(name) });
  const showing = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const search = () => page.getByRole('searchbox', { name: 'Search by Name or Email' });
  const sortByName = () => page.getByRole('columnheader', { name: /^Name/ }).getByRole('button');
  /** Waits until the table shows exactly these names, in this order. */
  async function expectNames(expected: string[]) {
    await page.waitForFunction(
      (want) =>
        JSON.stringify([...document.querySelectorAll('tbody tr td:nth-child(3)')].map((td) => td.textContent)) === want,
      JSON.stringify(expected),
    );
    expect(await names()).toEqual(expected);
  }
  /** The approval list, narrowed to this test's accounts. */
  async function openList() {
    await page.goto(`${app.url}/admin`);
    await page.waitForURL(/\/admin\/user-approval$/);
    await page.getByRole('heading', { level: 1, name: 'User Approval' }).waitFor();
    await search().fill(tag);
  }
  const newestFirst = () =>
    tagged([
      'Uma Unverified',
      'Gus Waiting',
      'Fay Waiting',
      'Eve Waiting',
      'Dan Waiting',
      'Cat Bulk',
      'Ben Bulk',
      'Amy Approved',
    ]);
  const byName = () =>
    tagged([
      'Amy Approved',
      'Ben Bulk',
      'Cat Bulk',
      'Dan Waiting',
      'Eve Waiting',
      'Fay Waiting',
      'Gus Waiting',
      'Uma Unverified',
    ]);
  /** The list as the pager test leaves it: sorted by name, 5 a page. */
  async function byNameFiveAPage() {
    await openList();
    await expectNames(newestFirst());
    await sortByName().click();
    await expectNames(byName());
    await page.getByLabel('Users per page').selectOption('5');
    await showing('Showing 1 to 5 of 8 results');
  }

  it('lists the accounts awaiting approval or verification, newest first', async () => {
    await openList();
    await expectNames(newestFirst());
    await showing('Showing 1 to 8 of 8 results');
    expect(await page.getByRole('columnheader', { name: /^Registration Date/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    expect(await row(uma.name).getByRole('button').allTextContents()).toEqual([expect.any(String), 'Resend Email']);
    expect(await row(amy.name).getByRole('button').allTextContents()).toEqual([
      expect.any(String),
      'Approve',
      'Reject',
    ]);
  });

  it('searches by name or e-mail', async () => {
    await openList();
    await expectNames(newestFirst());
    await search().fill(`bulk ${tag}`);
    await expectNames(tagged(['Cat Bulk', 'Ben Bulk']));
    await search().fill(`amy.approved@${tag}`);
    await expectNames(tagged(['Amy Approved']));
    await search().fill(tag);
    await expectNames(newestFirst());
  });

  it('sorts by name both ways', async () => {
    await openList();
    await expectNames(newestFirst());
    await sortByName().click();
    await expectNames(byName());
    expect(await page.getByRole('columnheader', { name: /^Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await sortByName().click();
    await expectNames(newestFirst());
    await sortByName().click();
    await expectNames(byName());
  });

  it('pages through the list, 5 per page', async () => {
    await openList();
    await sortByName().click();
    await expectNames(byName());
    await page.getByLabel('Users per page').selectOption('5');
    await showing('Showing 1 to 5 of 8 results');
    await expectNames(tagged(['Amy Approved', 'Ben Bulk', 'Cat Bulk', 'Dan Waiting', 'Eve Waiting']));
    await page.getByRole('button', { name: 'Page 2' }).click();
    await showing('Showing 6 to 8 of 8 results');
    await expectNames(tagged(['Fay Waiting', 'Gus Waiting', 'Uma Unverified']));
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Prev page' }).click();
    await showing('Showing 1 to 5 of 8 results');
  });

  it('approves one account after confirmation, which can then sign in', async () => {
    await byNameFiveAPage();
    await row(amy.name).getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve User' });
    await dialog.getByText(`Are you sure you want to approve user ${amy.name} (${amy.email})?`).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`[SUCCESS] User ${amy.name} approved.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectNames(tagged(['Ben Bulk', 'Cat Bulk', 'Dan Waiting', 'Eve Waiting', 'Fay Waiting']));
    await showing('Showing 1 to 5 of 7 results');

    const approved = await tryLogin(amy);
    expect(approved.status).toBe(200);
    expect(approved.body.user?.status).toBe('ACTIVE');
  });

  it('rejects two accounts at once after confirmation, which are then refused with the spec message', async () => {
    // As the approval before it leaves the list: Amy approved, sorted by name, 5 a page.
    await j.api.call('PUT', `/api/admin/users/${ids.get(amy.email)}/approve`, undefined, (await j.admin()).token);
    await openList();
    await sortByName().click();
    await page.getByLabel('Users per page').selectOption('5');
    await showing('Showing 1 to 5 of 7 results');
    await expectNames(tagged(['Ben Bulk', 'Cat Bulk', 'Dan Waiting', 'Eve Waiting', 'Fay Waiting']));

    await page.getByRole('checkbox', { name: `Select ${ben.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${cat.name}` }).check();
    await page.getByText('2 user(s) selected.').waitFor();
    expect(
      await page
        .getByRole('checkbox', { name: 'Select all users' })
        .evaluate((box: HTMLInputElement) => box.indeterminate),
    ).toBe(true);

    await page.getByRole('button', { name: 'Reject Selected' }).click();
    const asked = page.getByRole('alertdialog', { name: 'Reject Selected' });
    await asked
      .getByText('Are you sure you want to REJECT 2 selected users? This action is usually permanent.')
      .waitFor();
    await asked.getByRole('button', { name: 'Reject Selected' }).click();
    await page.getByText('[SUCCESS] 2 users rejected.').waitFor();
    await expectNames(tagged(['Dan Waiting', 'Eve Waiting', 'Fay Waiting', 'Gus Waiting', 'Uma Unverified']));
    await showing('Showing 1 to 5 of 5 results');
    await page.getByText('0 user(s) selected.').waitFor();

    for (const rejected of [ben, cat]) {
      const refused = await tryLogin(rejected);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(
        'Your account has been rejected. If you believe this is an error, please contact support.',
      );
      expect(refused.body.token).toBeUndefined();
    }
    // The others still wait.
    expect((await tryLogin(waiting[0]!)).body.user?.status).toBe('PENDING_APPROVAL');
  });

  it('sends a new verification e-mail to an unverified account', async () => {
    await openList();
    await row(uma.name).getByRole('button', { name: 'Resend Email' }).click();
    await page.getByText(`[SUCCESS] Verification email resent to ${uma.name}.`).waitFor();
  });
});
