import { messages, type InvitationDto, type ProjectDto, type SessionResponse } from '@trackboard/contracts';
import {
  createTestPlatform,
  freshAddress,
  givenProject,
  type GivenProject,
  type TestPlatform,
} from '@trackboard/test-platform';

// Invitations to a project, through the API as the lead, the invited and others would call it,
// on PGlite and (as a *.db.test.ts) on PostgreSQL too: the mailed link, single use (also when two
// accepts race), its seven days on a clock the test moves, withdrawal, and someone new
// registering through the link verified and active, with no approval to wait for (unless an
// administrator wants invited people approved too).

let t: TestPlatform;
let now = Date.parse('2031-03-01T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
beforeAll(async () => {
  t = await createTestPlatform({ clock: { now: () => new Date(now) } });
});
afterAll(() => t.close());

let addresses = 0;
const freshEmail = () => `invitee${++addresses}.${Date.now()}@example.test`;
const errorOf = async (res: Response) => ({
  status: res.status,
  message: ((await res.json()) as { message: string }).message,
});

/** The token of the newest invitation mailed to `email`. */
function mailedToken(email: string): string {
  const mail = t.mailer.sent.findLast((m) => m.to === email);
  const token = mail && /\/invitations\/([\w%-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation mailed to ${email}`);
  return decodeURIComponent(token);
}
async function invite(p: GivenProject, email: string, by = p.lead.token): Promise<InvitationDto> {
  return t.ok<InvitationDto>(t.as(by).post(`/api/projects/${p.key}/invitations`, { email }));
}
const preview = (token: string) => t.request('GET', `/api/invitations/${token}/preview`);
const accept = (token: string, as: string) => t.as(as).post(`/api/invitations/${token}/accept`);
const registerInvited = (token: string, name = 'Ivy Invited', password = 'an invited passphrase') =>
  t.request('POST', '/api/auth/invited-accounts', { body: { token, name, password }, ip: freshAddress() });
async function memberEmails(p: GivenProject): Promise<string[]> {
  const project = await t.ok<ProjectDto>(t.as(p.lead.token).get(`/api/projects/${p.key}`));
  return project.members.map((m) => m.email);
}

describe('inviting', () => {
  it('mails a link valid for seven days and lists the invitation for the lead', async () => {
    const p = await givenProject(t);
    const email = freshEmail();
    const sent = await invite(p, email);
    expect(sent).toMatchObject({
      email,
      invitedBy: { id: p.lead.user.id, name: 'Lena Lead' },
      expiresAt: new Date(now + 7 * DAY).toISOString(),
      expired: false,
    });
    const mail = t.mailer.sent.findLast((m) => m.to === email)!;
    expect(mail.subject).toBe(`Lena Lead invited you to ${p.project.name} on Trackboard`);
    expect(mail.text).toContain(`http://trackboard.test/invitations/`);
    expect(await t.ok(t.as(p.lead.token).get(`/api/projects/${p.key}/invitations`))).toEqual([sent]);
    expect(await t.ok(preview(mailedToken(email)))).toEqual({
      projectKey: p.key,
      projectName: p.project.name,
      email,
      invitedBy: 'Lena Lead',
      expiresAt: sent.expiresAt,
      accountExists: false,
    });
  });

  it('refuses a member’s address, and anyone but the lead or an administrator', async () => {
    const p = await givenProject(t);
    expect(
      await errorOf(
        await t.as(p.lead.token).post(`/api/projects/${p.key}/invitations`, { email: p.member.email.toUpperCase() }),
      ),
    ).toEqual({
      status: 409,
      message: messages.alreadyMember(p.member.email),
    });
    expect(
      await errorOf(await t.as(p.member.token).post(`/api/projects/${p.key}/invitations`, { email: freshEmail() })),
    ).toEqual({
      status: 403,
      message: messages.onlyLeadInvites,
    });
    const outsider = await t.givenUser();
    expect((await t.as(outsider.token).get(`/api/projects/${p.key}/invitations`)).status).toBe(404);
    const admin = await t.admin();
    expect((await t.as(admin.token).post(`/api/projects/${p.key}/invitations`, { email: freshEmail() })).status).toBe(
      201,
    );
  });

  it('inviting an address again replaces its link; resend gives a new link and new days; withdrawn links stop working', async () => {
    const p = await givenProject(t);
    const email = freshEmail();
    await invite(p, email);
    const first = mailedToken(email);
    const again = await invite(p, email);
    const second = mailedToken(email);
    expect(second).not.toBe(first);
    expect(await errorOf(await preview(first))).toEqual({ status: 404, message: messages.invitationNotFound });
    now += 2 * DAY;
    const resent = await t.ok<InvitationDto>(t.as(p.lead.token).post(`/api/invitations/${again.id}/resend`));
    expect(resent.expiresAt).toBe(new Date(now + 7 * DAY).toISOString());
    const third = mailedToken(email);
    expect((await preview(second)).status).toBe(404);
    expect((await preview(third)).status).toBe(200);
    expect((await t.as(p.member.token).delete(`/api/invitations/${again.id}`)).status).toBe(403);
    expect((await t.as(p.lead.token).delete(`/api/invitations/${again.id}`)).status).toBe(204);
    expect(await errorOf(await preview(third))).toEqual({ status: 404, message: messages.invitationNotFound });
    expect(await t.ok(t.as(p.lead.token).get(`/api/projects/${p.key}/invitations`))).toEqual([]);
    expect((await t.as(p.lead.token).delete(`/api/invitations/${again.id}`)).status).toBe(404);
  });
});

describe("the invitation's language", () => {
  const chooseGerman = (token: string) =>
    t.ok(t.as(token).put('/api/users/profile', { profileSettings: { language: 'de' } }));
  const mailTo = (email: string) => t.mailer.sent.findLast((m) => m.to === email)!;

  it("is the invited account's, whatever the inviter's", async () => {
    const p = await givenProject(t);
    const [german, english] = await Promise.all([t.givenUser(), t.givenUser()]);
    await chooseGerman(german.token);
    await chooseGerman(p.lead.token);
    await invite(p, german.email);
    await invite(p, english.email);
    expect(mailTo(german.email).subject).toBe(`Lena Lead hat Sie zu ${p.project.name} auf Trackboard eingeladen`);
    expect(mailTo(german.email).text).toContain(
      `Lena Lead hat Sie zum Projekt ${p.project.name} (${p.key}) auf Trackboard eingeladen.`,
    );
    expect(mailTo(german.email).text).toContain('Der Link funktioniert einmal und läuft in 7 Tagen ab.');
    expect(mailTo(english.email).subject).toBe(`Lena Lead invited you to ${p.project.name} on Trackboard`);
  });

  it("is the inviter's for someone without an account, and its link works", async () => {
    const p = await givenProject(t);
    await chooseGerman(p.lead.token);
    const email = freshEmail();
    await invite(p, email);
    expect(mailTo(email).subject).toBe(`Lena Lead hat Sie zu ${p.project.name} auf Trackboard eingeladen`);
    expect((await preview(mailedToken(email))).status).toBe(200);
  });
});

describe('accepting', () => {
  it('someone new registers through the link, active at once, and joins; the link is then spent', async () => {
    const p = await givenProject(t);
    const email = freshEmail();
    await invite(p, email);
    const token = mailedToken(email);
    const res = await registerInvited(token);
    expect(res.status).toBe(201);
    const session = (await res.json()) as SessionResponse;
    expect(session.user).toMatchObject({ email, name: 'Ivy Invited', status: 'ACTIVE' });
    expect(await t.ok(t.as(session.token).get('/api/auth/sessions'))).toEqual([
      expect.objectContaining({ current: true, method: 'invitation' }),
    ]);
    expect(await t.ok(accept(token, session.token))).toEqual({ projectKey: p.key, projectName: p.project.name });
    expect(await memberEmails(p)).toContain(email);
    // Signed in again later with the password, no approval on the way.
    expect((await t.login(email, 'an invited passphrase')).user.status).toBe('ACTIVE');
    expect(await errorOf(await preview(token))).toEqual({ status: 409, message: messages.invitationUsed });
    expect(await errorOf(await accept(token, session.token))).toEqual({
      status: 409,
      message: messages.invitationUsed,
    });
    expect(await errorOf(await registerInvited(token, 'Someone Else'))).toEqual({
      status: 404,
      message: messages.invitationNotFound,
    });
  });

  it('with invited people needing approval, someone new waits for it, on the team already', async () => {
    const admin = await t.admin();
    const needApproval = (invitedNeedApproval: boolean) =>
      t.ok(t.as(admin.token).put('/api/auth/registration-settings', { invitedNeedApproval }));
    expect(await needApproval(true)).toEqual({ invitedNeedApproval: true });
    try {
      const p = await givenProject(t);
      const email = freshEmail();
      await invite(p, email);
      const token = mailedToken(email);
      const res = await registerInvited(token);
      expect(res.status).toBe(201);
      const session = (await res.json()) as SessionResponse;
      expect(session.user.status).toBe('PENDING_APPROVAL');
      expect(await t.ok(accept(token, session.token))).toEqual({ projectKey: p.key, projectName: p.project.name });
      expect(await memberEmails(p)).toContain(email);
      // Waiting, the project is not theirs to use yet; approved, it is.
      expect((await t.as(session.token).get(`/api/projects/${p.key}`)).status).toBe(403);
      await t.ok(t.as(admin.token).put(`/api/admin/users/${session.user.id}/approve`));
      const approved = await t.login(email, 'an invited passphrase');
      expect((await t.as(approved.token).get(`/api/projects/${p.key}`)).status).toBe(200);
    } finally {
      expect(await needApproval(false)).toEqual({ invitedNeedApproval: false });
    }
  });

  it('someone with an account signs in and joins; another account may not use their link', async () => {
    const p = await givenProject(t);
    const existing = await t.givenUser({ name: 'Xena Existing' });
    await invite(p, existing.email);
    const token = mailedToken(existing.email);
    expect((await t.ok<{ accountExists: boolean }>(preview(token))).accountExists).toBe(true);
    expect(await errorOf(await registerInvited(token))).toEqual({
      status: 409,
      message: messages.invitationAccountExists,
    });
    const other = await t.givenUser();
    expect(await errorOf(await accept(token, other.token))).toEqual({
      status: 403,
      message: messages.invitationForOtherEmail(existing.email),
    });
    await t.ok(accept(token, existing.token));
    expect(await memberEmails(p)).toContain(existing.email);
  });

  it('an expired link: after seven days it neither registers nor joins', async () => {
    const p = await givenProject(t);
    const email = freshEmail();
    await invite(p, email);
    const token = mailedToken(email);
    now += 7 * DAY + 1;
    expect(await errorOf(await preview(token))).toEqual({ status: 409, message: messages.invitationExpired });
    expect(await errorOf(await registerInvited(token))).toEqual({ status: 409, message: messages.invitationExpired });
    const listed = await t.ok<InvitationDto[]>(t.as(p.lead.token).get(`/api/projects/${p.key}/invitations`));
    expect(listed.map((i) => [i.email, i.expired])).toEqual([[email, true]]);
  });

  it('two accepts of one link at once: one joins, the other is told the link is used', async () => {
    const p = await givenProject(t);
    const existing = await t.givenUser();
    await invite(p, existing.email);
    const token = mailedToken(existing.email);
    const answers = await Promise.all([accept(token, existing.token), accept(token, existing.token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await memberEmails(p)).filter((e) => e === existing.email)).toHaveLength(1);
  });

  it('two registrations through one link at once: one account, the other refused', async () => {
    const p = await givenProject(t);
    const email = freshEmail();
    await invite(p, email);
    const token = mailedToken(email);
    const answers = await Promise.all([registerInvited(token, 'First'), registerInvited(token, 'Second')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});

describe('finding people to add or invite', () => {
  const candidates = (p: GivenProject, q: string, as = p.lead.token) =>
    t.as(as).get(`/api/projects/${p.key}/member-candidates?q=${encodeURIComponent(q)}`);
  const names = async (res: Response) => ((await res.json()) as { name: string }[]).map((u) => u.name);

  it('offers a lead the people who share another project with them, by part of a name or e-mail, never the team', async () => {
    const p = await givenProject(t);
    const other = await givenProject(t);
    const teammate = await t.givenUser({ name: 'Quentin Teammate' });
    await t.givenUser({ name: 'Quentin Stranger' });
    // The lead of `p` also leads a second project with Quentin Teammate on it.
    const key = `Q${Date.now().toString(36).slice(-5).toUpperCase()}`;
    await t.ok(t.as(p.lead.token).post('/api/projects', { name: 'Second', key }));
    await t.ok(t.as(p.lead.token).post(`/api/projects/${key}/members`, { email: teammate.email }));
    expect(await names(await candidates(p, 'quentin'))).toEqual(['Quentin Teammate']);
    expect(await names(await candidates(p, teammate.email.slice(0, 8).toUpperCase()))).toContain('Quentin Teammate');
    // Mo Member is on the team already: never offered.
    expect(await names(await candidates(p, 'Mo Member'))).toEqual([]);
    // An administrator finds any active account.
    const admin = await t.admin();
    expect(await names(await candidates(other, 'quentin', admin.token))).toEqual([
      'Quentin Stranger',
      'Quentin Teammate',
    ]);
    // Wildcards typed are searched for, not matched.
    expect(await names(await candidates(p, '%'))).toEqual([]);
  });

  it('is for the lead or an administrator, with something to look for', async () => {
    const p = await givenProject(t);
    expect((await candidates(p, 'a', p.member.token)).status).toBe(403);
    expect((await candidates(p, '   ')).status).toBe(400);
  });
});
