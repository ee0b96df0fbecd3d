import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type InvitationDto } from '@trackboard/contracts';
import { formatAbsoluteTime } from '@trackboard/web-kit';
import { answer, answerConfirm, fakeApi, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, root, signInAs } from '../../testing/render-projects';

// Inviting people from a project's details: the lead or an admin sends an invitation by
// e-mail, sees the pending ones, sends one again or withdraws it.

const section = () => screen.getByRole('region', { name: 'Invite people' });
const pendingList = () => within(section()).getByRole('list', { name: 'Pending invitations' });
const row = (email: string) => within(pendingList()).getByRole('listitem', { name: email });

const invitation = (fields: Partial<InvitationDto> = {}): InvitationDto => ({
  id: 'inv-1',
  email: 'dee@example.com',
  invitedBy: { id: ada.id, name: ada.name },
  sentAt: '2030-01-01T09:00:00.000Z',
  expiresAt: '2030-01-08T09:00:00.000Z',
  expired: false,
  ...fields,
});

/** A server holding the project's invitations: GET answers them as they now are, POST and DELETE change them. */
function invitationServer(initial: InvitationDto[], routes: Record<string, FakeRoute> = {}, project = projectDto()) {
  let invitations = initial;
  return fakeApi({
    'GET /api/projects/WEB': () => answer(200, project),
    'GET /api/projects/WEB/invitations': () => answer(200, invitations),
    'POST /api/projects/WEB/invitations': (call) => {
      const { email } = call.body as { email: string };
      const created = invitation({ id: `inv-${invitations.length + 10}`, email });
      invitations = [created, ...invitations.filter((i) => i.email !== email)];
      return answer(201, created);
    },
    ...Object.fromEntries(
      initial.map((i) => [
        `DELETE /api/invitations/${i.id}`,
        () => {
          invitations = invitations.filter((x) => x.id !== i.id);
          return answer(204);
        },
      ]),
    ),
    ...routes,
  });
}

async function openAs(user: typeof ada, server: () => ReturnType<typeof fakeApi>, session: object = {}) {
  signInAs(user, session);
  const fake = server();
  renderProjectsAt('/projects/WEB');
  await screen.findByRole('heading', { level: 1, name: 'Web Platform' });
  return fake;
}

function invite(email: string) {
  fireEvent.change(within(section()).getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(within(section()).getByRole('button', { name: 'Send invitation' }));
}

describe('inviting people to a project', () => {
  it('lists the pending invitations for the lead: who invited, until when, or expired', async () => {
    await openAs(ada, () =>
      invitationServer([
        invitation(),
        invitation({
          id: 'inv-2',
          email: 'eve@example.com',
          invitedBy: { id: root.id, name: root.name },
          expired: true,
        }),
      ]),
    );
    await within(section()).findByRole('list', { name: 'Pending invitations' });
    expect(row('dee@example.com')).toHaveTextContent(
      `Invited by Ada Lovelace · Expires ${formatAbsoluteTime('2030-01-08T09:00:00.000Z')}`,
    );
    expect(row('eve@example.com')).toHaveTextContent('Invited by Root Admin · Expired');
    expect(within(row('eve@example.com')).queryByText(/^Expires/)).not.toBeInTheDocument();
  });

  it('sends an invitation, says so, lists it and clears the field', async () => {
    const server = await openAs(ada, () => invitationServer([]));
    expect(await within(section()).findByText('No pending invitations.')).toBeInTheDocument();
    invite(' dee@example.com ');
    expect(await within(section()).findByRole('status')).toHaveTextContent('Invitation sent to dee@example.com.');
    expect(server.callsTo('POST /api/projects/WEB/invitations').map((c) => c.body)).toEqual([
      { email: 'dee@example.com' },
    ]);
    expect(await within(section()).findByRole('listitem', { name: 'dee@example.com' })).toBeInTheDocument();
    expect(within(section()).getByLabelText('Email')).toHaveValue('');
  });

  it('checks the address before sending: its shape, and whether that person is in the team already', async () => {
    const server = await openAs(ada, () => invitationServer([]));
    await within(section()).findByText('No pending invitations.');
    invite('not-an-email');
    expect(within(section()).getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(within(section()).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    invite('BOB@example.com');
    expect(within(section()).getByText(messages.alreadyMember('BOB@example.com'))).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/WEB/invitations')).toHaveLength(0);
  });

  it('says what the server refused: a field at the field, anything else above the list', async () => {
    const server = await openAs(ada, () =>
      invitationServer([], {
        'POST /api/projects/WEB/invitations': answer(400, { message: 'email: must be a valid e-mail address' }),
      }),
    );
    await within(section()).findByText('No pending invitations.');
    invite('dee@example.com');
    expect(await within(section()).findByText('Email must be a valid e-mail address.')).toBeInTheDocument();

    server.on('POST /api/projects/WEB/invitations', answer(403, { message: messages.onlyLeadInvites }));
    invite('dee@example.com');
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      `Failed to send the invitation: ${messages.onlyLeadInvites}`,
    );
    expect(within(section()).getByLabelText('Email')).toHaveValue('dee@example.com');
  });

  it('sends one again with Resend and asks for the list again', async () => {
    const server = await openAs(ada, () =>
      invitationServer([invitation({ expired: true })], {
        'POST /api/invitations/inv-1/resend': answer(200, invitation()),
      }),
    );
    await within(section()).findByRole('list', { name: 'Pending invitations' });
    fireEvent.click(within(section()).getByRole('button', { name: 'Resend the invitation to dee@example.com' }));
    expect(await within(section()).findByRole('status')).toHaveTextContent('Invitation sent again to dee@example.com.');
    expect(server.callsTo('POST /api/invitations/inv-1/resend')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('GET /api/projects/WEB/invitations')).toHaveLength(2));
  });

  it('withdraws one after asking, and the list no longer shows it', async () => {
    const server = await openAs(ada, () => invitationServer([invitation()]));
    await within(section()).findByRole('list', { name: 'Pending invitations' });
    fireEvent.click(within(section()).getByRole('button', { name: 'Withdraw the invitation to dee@example.com' }));
    await answerConfirm(true, 'Withdraw the invitation to dee@example.com? Its link stops working.');
    expect(await within(section()).findByText('No pending invitations.')).toBeInTheDocument();
    expect(within(section()).getByRole('status')).toHaveTextContent('Invitation to dee@example.com withdrawn.');
    expect(server.callsTo('DELETE /api/invitations/inv-1')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Pending invitations' })).toHaveFocus();
  });

  it('says why a resend was refused', async () => {
    await openAs(ada, () =>
      invitationServer([invitation()], {
        'POST /api/invitations/inv-1/resend': answer(404, { message: messages.invitationNotFound }),
      }),
    );
    await within(section()).findByRole('list', { name: 'Pending invitations' });
    fireEvent.click(within(section()).getByRole('button', { name: 'Resend the invitation to dee@example.com' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      `Failed to resend the invitation: ${messages.invitationNotFound}`,
    );
  });

  it('is offered to an administrator too', async () => {
    await openAs(root, () => invitationServer([invitation()]), { role: 'admin', isAdmin: true });
    expect(await within(section()).findByRole('listitem', { name: 'dee@example.com' })).toBeInTheDocument();
  });

  it('is neither shown nor asked for for a member who is not the lead', async () => {
    const server = await openAs(bob, () => invitationServer([invitation()]));
    expect(screen.queryByRole('region', { name: 'Invite people' })).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/projects/WEB/invitations')).toHaveLength(0);
  });

  it('is not shown for an archived project', async () => {
    const archived = projectDto({ archivedAt: '2030-01-01T00:00:00.000Z' });
    const server = await openAs(ada, () => invitationServer([invitation()], {}, archived));
    expect(screen.queryByRole('region', { name: 'Invite people' })).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/projects/WEB/invitations')).toHaveLength(0);
  });
});
