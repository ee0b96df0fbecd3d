import { journey } from './support/journey';
import { eventually } from './support/poll';
import { uniqueKey } from './support/unique';

// In a real browser against the embedded app: a personal access token made in the profile calls
// the API with curl's header (and stops working once revoked), and the API reference at
// /api/docs draws the whole document from this origin alone.
describe('personal access tokens and the API reference', () => {
  const j = journey();
  const { app } = j;
  const projectsWith = (token: string) => j.fetch('/api/projects', { headers: { authorization: `Bearer ${token}` } });

  it('creates a token in the profile, calls the API with it, then revokes it', async () => {
    const user = await j.activeUser('Script Writer');
    const key = uniqueKey('SCR');
    await j.api.createProject(user, 'Scripted', key);
    const page = await j.newPage({ as: user });
    await page.goto(`${app.url}/profile`);
    await page.getByLabel('Token name').fill('CI script');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByLabel('New token');
    await shown.waitFor();
    const token = await shown.inputValue();
    expect(token).toMatch(/^tb_pat_[\w-]{40,}$/);
    const res = await projectsWith(token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { key: string }[]).map((p) => p.key)).toContain(key);

    const row = page.getByRole('row', { name: /CI script/ });
    await row.waitFor();
    await page.getByRole('button', { name: 'Revoke CI script' }).click();
    await page.getByRole('alertdialog', { name: 'Revoke the token?' }).getByRole('button', { name: 'Revoke' }).click();
    await row.waitFor({ state: 'detached' });
    await eventually(async () => (await projectsWith(token)).status, 401);
  });

  it('draws the API reference from /api/openapi.json with no outside request and no CSP refusal', async () => {
    const page = await j.newPage();
    const outside: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${app.url}/api/docs`);
    await page.getByText('Trackboard API', { exact: false }).first().waitFor();
    // Past 150 rows Swagger UI draws only those near the screen: the tag's filter lists its own.
    await page.locator('input.operation-filter-input').fill('projects');
    await page.locator('.operations-virtual').waitFor({ state: 'detached' });
    await page.getByText('/api/projects/{key}/webhooks').first().waitFor();
    expect(outside).toEqual([]);
    expect(refused).toEqual([]);
  });
});
