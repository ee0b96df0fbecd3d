import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { journey } from './support/journey';
import { decodeQuotedPrintable } from './support/mail';
import { until } from './support/poll';
import { uniqueEmail } from './support/unique';

// In a real browser against the embedded app: "Forgot your password?" on the sign-in page, the
// link from the mail folder, a new password, and signing in with it (the old one and the
// sessions signed in with it no longer work).

/** The newest reset link mailed to `email` in `<dataDir>/mail/`; the mail is written just after the answer, so look again briefly. */
async function resetLinkFromMailFolder(dataDir: string, email: string): Promise<URL> {
  const folder = join(dataDir, 'mail');
  const link = await until(
    () => {
      const mails = existsSync(folder)
        ? readdirSync(folder)
            .filter((f) => f.endsWith('.eml'))
            .sort()
            .map((f) => decodeQuotedPrintable(readFileSync(join(folder, f), 'utf8')))
        : [];
      const mail = mails
        .reverse()
        .find((m) => m.toLowerCase().includes(`to: ${email}`) && m.includes('/reset-password?'));
      return mail && /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mail)?.[0];
    },
    { timeoutMs: 10_000, what: `a reset mail for ${email} in ${folder}` },
  );
  return new URL(link);
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('password reset journey', () => {
  const j = journey();
  const { app } = j;
  let page: Page;

  beforeEach(async () => {
    page = await j.newPage();
  });

  it('asks from the sign-in page, opens the mailed link, sets a new password and signs in with it', async () => {
    const rita = await j.activeUser('Rita Reset');
    const newPassword = 'a brand new passphrase';

    // "Forgot your password?" (spec §2.2's link, which leads to the reset).
    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email Address').fill(rita.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText("If an account exists for that address, we've sent a link.").waitFor();

    // The same answer for an address without an account.
    await page.goto(`${app.url}/forgot-password`);
    await page.getByLabel('Email Address').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText("If an account exists for that address, we've sent a link.").waitFor();

    // The link from the mail folder: the new password must meet the policy.
    const link = await resetLinkFromMailFolder(app.dataDir, rita.email);
    expect(link.pathname).toBe('/reset-password');
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('password1234');
    await page.getByLabel('Confirm New Password').fill('password1234');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText(/^New password is too easy to guess/).waitFor();

    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been reset. You can now sign in with your new password.').waitFor();

    // The session signed in before the reset has ended; the link works once.
    expect((await j.fetch('/api/auth/profile', { headers: { authorization: `Bearer ${rita.token}` } })).status).toBe(
      401,
    );
    await page.goto(`${app.url}${link.pathname}${link.search}`);
    await page.getByLabel('New Password', { exact: true }).fill('yet another passphrase');
    await page.getByLabel('Confirm New Password').fill('yet another passphrase');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('This password reset link has already been used. Please request a new one.').waitFor();

    // The old password fails, the new one signs in.
    await page.goto(`${app.url}/login`);
    await signIn(page, rita.email, rita.password);
    await page.getByText('Invalid email or password.').waitFor();
    await signIn(page, rita.email, newPassword);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });

  it('changes the password on the profile page: this session stays, the others end', async () => {
    const sam = await j.activeUser('Sam Signed-In');
    const elsewhere = await j.api.login(sam.email, sam.password);
    const newPassword = 'another fresh passphrase';
    const profile = async (token: string) =>
      (await j.fetch('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } })).status;

    // Sam signs in on the sign-in page.
    await page.goto(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await signIn(page, sam.email, sam.password);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
    const form = page.getByRole('region', { name: 'Change Password' });
    await form.waitFor();

    await form.getByLabel('Current Password').fill('not my password');
    await form.getByLabel('New Password', { exact: true }).fill(newPassword);
    await form.getByLabel('Confirm New Password').fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Current password is incorrect.').waitFor();

    await form.getByLabel('Current Password').fill(sam.password);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('Your password has been changed. Your other sessions have been signed out.').waitFor();
    expect(await profile(elsewhere.token)).toBe(401);

    // This tab is still signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(
      (
        await j.fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: sam.email, password: newPassword }),
        })
      ).status,
    ).toBe(200);
  });
});
