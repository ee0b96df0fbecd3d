// temporary screenshot script (not part of the repo; deleted after use)
import type { SessionResponse, UserDto, BoardDto, ProjectDto, IssueDto } from '@trackboard/contracts';
import { apiOf } from './support/api';
import { ADMIN, startEmbeddedApp } from './support/app-process';
import { launchChromium } from './support/browser';
import { verificationTokenFromMailFolder } from './support/mail';

const out = process.argv[2]!;
async function main() {
  const [app, chromium] = await Promise.all([startEmbeddedApp(), launchChromium()]);
  try {
    const api = apiOf(app);
    const admin = await api.login(ADMIN.email, ADMIN.password);
    const reg = async (name: string, email: string, activate: boolean) => {
      const password = 'shot-password-1';
      const { user } = await api.call<SessionResponse>('POST', '/api/auth/register', { name, email, password });
      for (let i = 0; ; i++) {
        try { await api.call('POST', '/api/auth/verify-email', { token: verificationTokenFromMailFolder(app.dataDir, email) }); break; } catch (e) { if (i > 50) throw e; await new Promise((r) => setTimeout(r, 100)); }
      }
      if (activate) { await api.call<UserDto>('PUT', `/api/auth/users/${user.id}/status`, { status: 'ACTIVE' }, admin.token); return api.login(email, password); }
      return undefined;
    };
    const ada = (await reg('Ada Lovelace', 'ada@shots.test', true))!;
    await reg('Ben Pending', 'ben@shots.test', false);
    await reg('Cat Pending', 'cat@shots.test', false);
    const project = await api.createProject(ada, 'Shot Project', 'SHOT');
    await api.call('PUT', `/api/projects/SHOT`, { name: 'Shot Project', description: 'A project for screenshots.' }, ada.token).catch(() => undefined);
    const full = await api.call<ProjectDto & { boards: { id: string }[] }>('GET', `/api/projects/SHOT`, undefined, ada.token);
    const board = await api.call<BoardDto>('GET', `/api/boards/${full.boards[0]!.id}`, undefined, ada.token);
    await api.call<IssueDto>('POST', '/api/issues', { projectId: board.projectId, columnId: board.columns[0]!.id, title: 'First issue', description: 'Some description', type: 'TASK', priority: 'MEDIUM' }, ada.token);
    void project;

    const shot = async (name: string, fn: (p: import('playwright-core').Page) => Promise<void>, who?: SessionResponse) => {
      const page = await chromium.browser.newPage();
      if (who) await page.addInitScript(([t, u]) => { window.localStorage.setItem('token', t); window.localStorage.setItem('user', u); }, [who.token, JSON.stringify(who.user)] as const);
      await fn(page);
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: true, animations: 'disabled', caret: 'hide' });
      await page.close();
    };
    await shot('login', async (p) => { await p.goto(`${app.url}/login`); await p.getByRole('button', { name: 'Sign In' }).waitFor(); });
    await shot('register', async (p) => { await p.goto(`${app.url}/register`); await p.getByRole('button', { name: 'Sign Up' }).waitFor(); });
    await shot('dashboard', async (p) => { await p.goto(`${app.url}/`); await p.getByText('Shot Project').first().waitFor(); }, ada);
    await shot('projects', async (p) => { await p.goto(`${app.url}/projects`); await p.getByText('SHOT').first().waitFor(); }, ada);
    await shot('project-details', async (p) => { await p.goto(`${app.url}/projects/SHOT`); await p.getByRole('heading', { level: 1, name: 'Shot Project' }).waitFor(); }, ada);
    await shot('profile', async (p) => { await p.goto(`${app.url}/profile`); await p.getByText('ada@shots.test').first().waitFor(); }, ada);
    await shot('board', async (p) => { await p.goto(`${app.url}/boards/${board.id}`); await p.getByText('First issue').waitFor(); }, ada);
    await shot('board-dialog', async (p) => {
      await p.goto(`${app.url}/boards/${board.id}`); await p.getByText('First issue').click();
      await p.getByRole('dialog').getByRole('heading', { level: 3, name: 'Description' }).waitFor();
    }, ada);
    await shot('board-dialog-edit', async (p) => {
      await p.goto(`${app.url}/boards/${board.id}`); await p.getByText('First issue').click();
      const d = p.getByRole('dialog'); await d.getByRole('heading', { level: 3, name: 'Description' }).waitFor();
      await d.getByText('Some description').click(); await p.waitForTimeout(300);
    }, ada);
    await shot('admin', async (p) => { await p.goto(`${app.url}/admin/user-approval`); await p.getByText('Ben Pending').waitFor(); }, admin);
    await shot('admin-modal', async (p) => {
      await p.goto(`${app.url}/admin/user-approval`); await p.getByText('Ben Pending').waitFor();
      await p.getByRole('row').filter({ hasText: 'Ben Pending' }).getByRole('button', { name: 'Reject' }).click();
      await p.getByRole('dialog').waitFor();
    }, admin);
    await shot('not-found', async (p) => { await p.goto(`${app.url}/nowhere/at/all`); await p.waitForTimeout(1500); }, ada);
  } finally {
    await chromium.close();
    await app.stop();
  }
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
