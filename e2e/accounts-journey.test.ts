import type { Page } from 'playwright-core';
import { verificationToken } from './support/api';
import { ADMIN } from './support/app-process';
import { journey } from './support/journey';
import { eventually, until } from './support/poll';
import { uniqueEmail } from './support/unique';

// The accounts journey of spec §1 in a real browser against the embedded app: register,
// verify the e-mail from the mail folder, wait for approval, get approved, sign in, then
// change appearance settings that must survive a reload.

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const rootAttribute = (page: Page, name: string) =>
  page.evaluate((attribute) => document.documentElement.getAttribute(attribute), name);
const rootFontSize = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

describe('accounts journey', () => {
  const j = journey();
  const { app } = j;

  it('registers, verifies, waits for approval, signs in, and keeps appearance settings', async () => {
    const ada = { name: 'Ada Lovelace', email: uniqueEmail('Ada Lovelace'), password: 'analytical-engine-1' };
    const page = await j.newPage();
    // Register through the form (spec §2.3).
    await page.goto(`${app.url}/register`);
    await page.getByText('Trackboard', { exact: true }).waitFor();
    await page.getByLabel('Username').fill(ada.name);
    await page.getByLabel('Email Address').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(ada.password);
    await page.getByLabel('Confirm Password').fill(ada.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText(/check your email \(and your spam folder\)/).waitFor();

    // Open the link from the verification mail (spec §2.6).
    const token = await verificationToken(app.dataDir, ada.email);
    await page.goto(`${app.url}/verify-email?token=${encodeURIComponent(token)}`);
    await page.getByText('Email successfully verified. Your account is now pending admin approval.').waitFor();

    // Sign in: verified but not approved yet (spec §2.2, §2.4).
    await page.getByRole('link', { name: 'Proceed to Login' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn(page, ada.email, ada.password);
    await page.getByRole('heading', { name: 'Account Pending Approval' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pending-approval');
    // The support contact is the first administrator's address (ADMIN_EMAIL) when SUPPORT_EMAIL is unset.
    await page.getByRole('link', { name: ADMIN.email }).waitFor();

    // An administrator approves the account through the API.
    const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: string }).id);
    expect(userId).toBeTruthy();
    const adminLogin = await j.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(adminLogin.status).toBe(200);
    const { token: adminToken } = (await adminLogin.json()) as { token: string };
    const approval = await j.fetch(`/api/admin/users/${userId}/approve`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(approval.status).toBe(200);

    // Signed in again, now ACTIVE: the dashboard.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn(page, ada.email, ada.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');

    // Dark theme, saved to the profile, survives a reload (spec §2.15, §4.2).
    await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'My Profile & Settings' }).waitFor();
    const appearance = page.getByRole('region', { name: 'Appearance Preferences' });
    expect(await rootAttribute(page, 'data-theme')).toBe('light');
    await appearance.getByRole('button', { name: 'Dark' }).click();
    await appearance.locator('button[aria-pressed="true"]', { hasText: 'Dark' }).waitFor();
    await eventually(() => rootAttribute(page, 'data-theme'), 'dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    await eventually(() => rootAttribute(page, 'data-theme'), 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // A large font grows the whole page.
    const before = await rootFontSize(page);
    await appearance.getByRole('button', { name: 'Large' }).click();
    await appearance.locator('button[aria-pressed="true"]', { hasText: 'Large' }).waitFor();
    await eventually(() => rootAttribute(page, 'data-font-size'), 'large');
    await until(async () => (await rootFontSize(page)) > before, { what: 'a larger root font' });
    expect(await rootFontSize(page)).toBeGreaterThan(before);
  });
});
