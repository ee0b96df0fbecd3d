import type { Page } from 'playwright-core';
import { startOidcProvider, type OidcTestProvider } from '@trackboard/test-platform/oidc-provider';
import { apiOf } from './support/api';
import { auditScreen, formatFindings, type AxeFinding } from './support/axe';
import { ADMIN, startEmbeddedApp, type RunningApp } from './support/app-process';
import { shown, usingBrowser } from './support/journey';
import { freePorts } from './support/ports';

// Single sign-on in a real browser: the app (embedded, as `npm start` runs it) configured with
// a real OpenID provider running in this test (oidc-provider, with its own sign-in page). A new
// person signs in through it and lands where they were going; someone who already has an account
// with that e-mail links it with their password once. Both screens pass axe-core in the light and
// dark themes at desktop and phone sizes (screenshots in e2e/.tmp/screenshots).

const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

describe('single sign-on journey', () => {
  const browser = usingBrowser();
  let provider: OidcTestProvider;
  let app: RunningApp;
  let page: Page;

  beforeAll(async () => {
    // The app's address is the redirect URL the provider knows, so it is chosen first.
    const [port] = await freePorts(1);
    const url = `http://127.0.0.1:${port}`;
    provider = await startOidcProvider({ redirectUris: [`${url}/api/auth/oidc/callback`] });
    app = await startEmbeddedApp(
      {
        PUBLIC_URL: url,
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_NAME: 'Test ID',
      },
      port,
    );
  });
  afterAll(async () => {
    await app?.stop();
    await provider?.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
  });

  /** On the provider's own sign-in page: who signs in there. */
  async function atProvider(accountId: string) {
    await shown(page.getByRole('heading', { name: 'Sign in to the test provider' }));
    await page.getByLabel('Account').fill(accountId);
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  /** Whose session this page holds: the name on the profile page. */
  async function signedInAs(at: Page, name: string) {
    await at.goto(`${app.url}/profile`);
    await shown(at.getByRole('heading', { level: 2, name }));
  }

  it('signs a new person in through the provider and opens the page they asked for', async () => {
    provider.accounts.set('grace', { email: 'grace@example.com', emailVerified: true, name: 'Grace Hopper' });
    // A signed-out visit to a page of the app goes to sign-in first, and back to it after.
    await page.goto(`${app.url}/projects`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await atProvider('grace');
    await page.waitForURL(`${app.url}/projects`);
    await shown(page.getByRole('heading', { name: 'Projects' }));
    await signedInAs(page, 'Grace Hopper');
  });

  it('links an account that already has the e-mail once its password is given', async () => {
    const api = apiOf(app);
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const existing = await api.activeUser(admin, 'Linus Linked');
    provider.accounts.set('linus', { email: existing.email, emailVerified: true, name: 'Linus at the provider' });

    await page.goto(`${app.url}/login`);
    await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
    await atProvider('linus');
    await shown(page.getByText('An account with this email address already exists.', { exact: false }));
    await page.getByLabel('Password').fill(existing.password);
    await page.getByRole('button', { name: 'Link and sign in' }).click();
    await page.waitForURL(`${app.url}/`);
    await signedInAs(page, 'Linus Linked');

    // Next time the provider alone signs the same account in.
    const again = await browser.newPage();
    await again.goto(`${app.url}/login`);
    await again.getByRole('link', { name: 'Sign in with Test ID' }).click();
    page = again;
    await atProvider('linus');
    await again.waitForURL(`${app.url}/`);
    await signedInAs(again, 'Linus Linked');
  });

  it('offers single sign-on and the link form accessibly in both themes, on desktop and phone', async () => {
    provider.accounts.set('ida', { email: 'ida@example.com', emailVerified: true, name: 'Ida' });
    const api = apiOf(app);
    const existing = await api.activeUser(await api.login(ADMIN.email, ADMIN.password), 'Ida Existing');
    provider.accounts.set('ida', { email: existing.email, emailVerified: true, name: 'Ida' });
    const found: { screen: string; finding: AxeFinding }[] = [];
    for (const colorScheme of ['light', 'dark'] as const)
      for (const [size, viewport] of Object.entries(sizes)) {
        page = await browser.newPage({ colorScheme, viewport });
        await page.goto(`${app.url}/login`);
        await shown(page.getByRole('link', { name: 'Sign in with Test ID' }));
        await auditScreen(page, `sso-sign-in-${colorScheme}-${size}`, found);
        await page.getByRole('link', { name: 'Sign in with Test ID' }).click();
        await atProvider('ida');
        await shown(page.getByRole('button', { name: 'Link and sign in' }));
        await auditScreen(page, `sso-link-${colorScheme}-${size}`, found);
      }
    expect(found.length ? formatFindings(found) : 'none').toBe('none');
  });
});
