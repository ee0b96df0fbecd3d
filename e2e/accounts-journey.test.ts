import type { Page } from 'playwright-core';
import { verificationToken } from './support/api';
import { startEmbeddedApp, type RunningApp } from './support/app-process';
import { launchChromium, type Chromium } from './support/browser';

// The accounts journey of spec §1 in a real browser against the embedded app: register,
// verify the e-mail from the mail folder, wait for approval, get approved, sign in, then
// change appearance settings that must survive a reload.
const admin = { email: 'admin@journey.test', password: 'admin-password-1' };
const ada = { name: 'Ada Lovelace', email: 'ada@journey.test', password: 'analytical-engine-1' };

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
  let app: RunningApp;
  let chromium: Chromium;
  let page: Page;

  beforeAll(async () => {
    [app, chromium] = await Promise.all([
      startEmbeddedApp({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      launchChromium(),
    ]);
    page = await chromium.browser.newPage();
  });
  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('registers, verifies, waits for approval, signs in, and keeps appearance settings', async () => {
    // Register through the form (spec §2.3).
    await page.goto(`${app.url}/register`);
    await page.getByText('Trackboard by Trackboard').waitFor();
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
    await page.getByRole('link', { name: 'admin@trackboard.local' }).waitFor();

    // An administrator approves the account through the API.
    const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { id?: string }).id);
    expect(userId).toBeTruthy();
    const adminLogin = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    });
    expect(adminLogin.status).toBe(200);
    const { token: adminToken } = (await adminLogin.json()) as { token: string };
    const approval = await fetch(`${app.url}/api/admin/users/${userId}/approve`, {
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
    expect(await rootAttribute(page, 'data-theme')).toBe('dark');

    await page.reload();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(await rootAttribute(page, 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // A large font grows the whole page.
    const before = await rootFontSize(page);
    await appearance.getByRole('button', { name: 'Large' }).click();
    await appearance.locator('button[aria-pressed="true"]', { hasText: 'Large' }).waitFor();
    expect(await rootAttribute(page, 'data-font-size')).toBe('large');
    expect(await rootFontSize(page)).toBeGreaterThan(before);
  });
});
