import type { ProjectDto } from '@trackboard/contracts';
import { auditScreen, formatFindings, type AxeFinding } from './support/axe';
import { journey, shown } from './support/journey';
import { linkFromMailFolder } from './support/mail';
import { until } from './support/poll';
import { uniqueEmail } from './support/unique';

// In a real browser against the embedded app: a lead invites someone new from the project page,
// the invited person opens the mailed link in their own browser, makes an account there and is
// on the team at once (no approval to wait for); a withdrawn invitation's link says so.

describe('invitations journey', () => {
  const j = journey();

  /** The invitation link mailed to `email` (written just after the answer: looked for briefly). */
  const mailedLink = (email: string) =>
    until(() => linkFromMailFolder(j.app.dataDir, email, /(\/invitations\/[\w-]{43})/), {
      timeoutMs: 10_000,
      what: `an invitation mail to ${email}`,
    });

  it('invites someone new from the project page; they register through the link and join', async () => {
    const lena = await j.activeUser('Lena Lead');
    const key = `IN${Date.now().toString(36).slice(-4).toUpperCase()}`;
    await j.api.call<ProjectDto>('POST', '/api/projects', { name: 'Invited Work', key }, lena.token);
    const invitee = uniqueEmail('ivy invited');

    const lead = await j.newPage({ as: lena });
    await lead.goto(`${j.app.url}/projects/${key}`);
    const invite = lead.getByRole('region', { name: 'Invite people' });
    await invite.getByLabel('Email').fill(invitee);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await shown(lead.getByText(`Invitation sent to ${invitee}.`));
    await shown(invite.getByRole('listitem', { name: invitee }));

    const ivy = await j.newPage();
    await ivy.goto(`${j.app.url}${await mailedLink(invitee)}`);
    await shown(ivy.getByText('Lena Lead invited you to Invited Work.', { exact: false }));
    await ivy.getByLabel('Name').fill('Ivy Invited');
    await ivy.getByLabel('Password').fill('an invited passphrase');
    await ivy.getByRole('button', { name: 'Create account and join' }).click();
    await ivy.waitForURL(`${j.app.url}/projects/${key}`);
    await shown(ivy.getByRole('heading', { name: 'Invited Work' }));

    // The lead sees the new member; the invitation is no longer pending.
    await lead.reload();
    await shown(lead.getByText('Ivy Invited'));
    await shown(lead.getByRole('region', { name: 'Invite people' }).getByText('No pending invitations.'));
  });

  it('a withdrawn invitation’s link says it was withdrawn', async () => {
    const lena = await j.activeUser('Lena Lead');
    const key = `WD${Date.now().toString(36).slice(-4).toUpperCase()}`;
    await j.api.call<ProjectDto>('POST', '/api/projects', { name: 'Withdrawn Work', key }, lena.token);
    const invitee = uniqueEmail('wanda withdrawn');
    await j.api.call('POST', `/api/projects/${key}/invitations`, { email: invitee }, lena.token);
    const link = await mailedLink(invitee);

    const lead = await j.newPage({ as: lena });
    await lead.goto(`${j.app.url}/projects/${key}`);
    await lead.getByRole('button', { name: `Withdraw the invitation to ${invitee}` }).click();
    await lead.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click();
    await shown(lead.getByText(`Invitation to ${invitee} withdrawn.`));

    const wanda = await j.newPage();
    await wanda.goto(`${j.app.url}${link}`);
    await shown(wanda.getByText('This invitation does not exist or has been withdrawn.'));
  });

  it('finds a teammate by part of their name in the Add Member picker and adds them', async () => {
    const lena = await j.activeUser('Lena Lead');
    const pia = await j.activeUser('Pia Picked');
    const first = `PK${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const second = `PL${Date.now().toString(36).slice(-4).toUpperCase()}`;
    await j.api.createProject(lena, 'Earlier Work', first);
    await j.api.addMember(lena, first, pia.email);
    await j.api.createProject(lena, 'Later Work', second);

    const page = await j.newPage({ as: lena });
    await page.goto(`${j.app.url}/projects/${second}`);
    await page.getByRole('button', { name: 'Edit Project' }).click();
    const field = page.getByRole('combobox', { name: 'Member Email' });
    await field.fill('pia pic');
    await shown(page.getByRole('option', { name: new RegExp(`Pia Picked — ${pia.email}`) }));
    await field.press('ArrowDown');
    const found: { screen: string; finding: AxeFinding }[] = [];
    await auditScreen(page, 'member-picker-light-desktop', found);
    expect(found.length ? formatFindings(found) : 'none').toBe('none');
    await field.press('Enter');
    await page.waitForFunction(
      (email) => (document.querySelector('[role="combobox"]') as HTMLInputElement | null)?.value === email,
      pia.email,
    );
    await page.getByRole('button', { name: 'Add Member' }).click();
    await shown(page.getByRole('region', { name: /Team Members/ }).getByText('Pia Picked'));
  });

  it('shows the invitation page and the project page’s invitations accessibly in both themes, on desktop and phone', async () => {
    const lena = await j.activeUser('Lena Lead');
    const key = `AX${Date.now().toString(36).slice(-4).toUpperCase()}`;
    await j.api.call<ProjectDto>('POST', '/api/projects', { name: 'Looked At', key }, lena.token);
    const invitee = uniqueEmail('axel invited');
    await j.api.call('POST', `/api/projects/${key}/invitations`, { email: invitee }, lena.token);
    const link = await mailedLink(invitee);
    const found: { screen: string; finding: AxeFinding }[] = [];
    const sizes = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };
    for (const colorScheme of ['light', 'dark'] as const)
      for (const [size, viewport] of Object.entries(sizes)) {
        const guest = await j.newPage({ colorScheme, viewport });
        await guest.goto(`${j.app.url}${link}`);
        await shown(guest.getByRole('button', { name: 'Create account and join' }));
        await auditScreen(guest, `invitation-${colorScheme}-${size}`, found);
        const lead = await j.newPage({ as: lena, colorScheme, viewport });
        await lead.goto(`${j.app.url}/projects/${key}`);
        const section = lead.getByRole('region', { name: 'Invite people' });
        await shown(section.getByRole('listitem', { name: invitee }));
        await section.scrollIntoViewIfNeeded();
        await auditScreen(lead, `invite-people-${colorScheme}-${size}`, found);
      }
    expect(found.length ? formatFindings(found) : 'none').toBe('none');
  });
});
