import type { SessionResponse } from '@trackboard/contracts';
import {
  chromium,
  errors,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { apiOf, signIn } from './api';
import { ADMIN } from './app-process';
import { DESKTOP } from './browser';
import { sharedEndpoint, type SharedApp } from './shared';
import { uniqueClientAddress } from './unique';

export type Person = SessionResponse & { email: string; password: string };
export type PageOptions = BrowserContextOptions & { as?: SessionResponse };

/**
 * This worker's Chromium (started by global-setup.ts) for a file's tests: connected before the
 * first test, each page in a browser context of its own (its own storage: one signed-in person)
 * that is closed after the test. Call it inside a `describe` or at the top of a file: it registers
 * the hooks. `defaults` are the options of every context (a call's own options win).
 */
export function usingBrowser(defaults: () => BrowserContextOptions = () => ({})) {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await chromium.connect(sharedEndpoint().wsEndpoint, { timeout: 30_000 });
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A fresh context (a desktop window unless told otherwise), closed after this test. */
  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    if (!browser) throw new Error('no browser yet: open contexts in a test or a beforeEach');
    const base = defaults();
    const context = await browser.newContext({
      viewport: DESKTOP,
      ...base,
      ...options,
      extraHTTPHeaders: { ...base.extraHTTPHeaders, ...options.extraHTTPHeaders },
    });
    open.push(context);
    return context;
  }
  /** A page in a fresh context; `as`: signed in as that person before the app starts. */
  async function newPage({ as, ...options }: PageOptions = {}): Promise<Page> {
    const page = await (await newContext(options)).newPage();
    if (as) await signIn(page, as);
    return page;
  }
  return { newContext, newPage };
}

/**
 * A journey on this worker's shared app and Chromium (started by global-setup.ts). Every test
 * is a client of its own (its own address in X-Forwarded-For, for the API and its pages) and
 * makes its own people and projects, so tests never see each other's data and run in any order
 * or alone (`-t`). The first administrator is shared: sign in as it only to approve accounts,
 * never to change it or anything app-wide.
 */
export function journey() {
  const app: SharedApp = sharedEndpoint();
  let clientAddress = uniqueClientAddress();
  beforeEach(() => {
    clientAddress = uniqueClientAddress();
  });
  const clientHeaders = () => ({ 'x-forwarded-for': clientAddress });
  const browser = usingBrowser(() => ({ extraHTTPHeaders: clientHeaders() }));
  const api = apiOf(app, clientHeaders);
  let admin: Promise<SessionResponse> | undefined;
  const firstAdmin = () => (admin ??= api.login(ADMIN.email, ADMIN.password));

  return {
    app,
    api,
    ...browser,
    /** The first administrator's session (signed in once per file). */
    admin: firstAdmin,
    /** A new person: registered, verified, approved by the first administrator, signed in. */
    activeUser: async (name: string): Promise<Person> => api.activeUser(await firstAdmin(), name),
    /** An administrator of this test's own (an active account made one through the API), free to change. */
    async ownAdmin(name: string): Promise<Person> {
      const person = await api.activeUser(await firstAdmin(), name);
      await api.call('PUT', `/api/admin/users/${person.user.id}/role`, { role: 'admin' }, (await firstAdmin()).token);
      return { ...person, ...(await api.login(person.email, person.password)) };
    },
    /** fetch() on the app as this test's client. */
    fetch: (path: string, init: RequestInit = {}) =>
      fetch(`${app.url}${path}`, { ...init, headers: { ...clientHeaders(), ...(init.headers as object) } }),
  };
}
export type Journey = ReturnType<typeof journey>;

/**
 * Waits until `locator` is visible, looking every 100 ms. Locator.waitFor() looks ever less often
 * (after 0, 20, 70, 170 and 270 ms, then every 500 ms), so a screen that takes 0.3–1 s to draw is
 * seen up to half a second late; with a timeout under 2.5 s it looks every 100 ms throughout.
 */
export async function shown(locator: Locator, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await locator.waitFor({ timeout: Math.max(1, Math.min(2_000, deadline - Date.now())) });
      return;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || Date.now() >= deadline) throw error;
    }
  }
}
