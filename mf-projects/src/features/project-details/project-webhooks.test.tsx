import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages, type WebhookDeliveryDto, type WebhookDto } from '@trackboard/contracts';
import { answer, answerConfirm, fakeApi, type FakeRoute } from '@trackboard/web-kit/testing';
import { ada, bob, projectDto, renderProjectsAt, root, signInAs } from '../../testing/render-projects';

// A project's webhooks on its details page: the lead or an admin lists them (events,
// enabled or not, last delivery), adds one, sends a test, reads the delivery log, deletes one.

const section = () => screen.getByRole('region', { name: /^Webhooks/ });
const row = (url: string) => within(section()).getByRole('listitem', { name: url });

const delivery = (fields: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id: 'd-1',
  event: 'issue.created',
  status: 'SUCCEEDED',
  attempt: 1,
  responseCode: 200,
  durationMs: 42,
  error: null,
  createdAt: '2030-01-01T09:00:00.000Z',
  deliveredAt: '2030-01-01T09:00:00.000Z',
  nextAttemptAt: null,
  ...fields,
});
const webhook = (fields: Partial<WebhookDto> = {}): WebhookDto => ({
  id: '5',
  projectKey: 'WEB',
  url: 'https://hooks.example.com/in',
  events: ['issue.created', 'comment.created'],
  secretHint: '…cret',
  createdAt: '2030-01-01T08:00:00.000Z',
  disabledAt: null,
  consecutiveFailures: 0,
  lastDelivery: delivery(),
  ...fields,
});

/** A server holding the project's webhooks: GET answers them as they now are, POST and DELETE change them. */
function webhookServer(initial: WebhookDto[], routes: Record<string, FakeRoute> = {}, project = projectDto()) {
  let webhooks = initial;
  return fakeApi({
    'GET /api/projects/WEB': () => answer(200, project),
    'GET /api/projects/WEB/webhooks': () => answer(200, { webhooks }),
    'POST /api/projects/WEB/webhooks': (call) => {
      const body = call.body as { url: string; events: WebhookDto['events']; secret: string };
      const created = webhook({ id: '6', url: body.url, events: body.events, lastDelivery: null });
      webhooks = [...webhooks, created];
      return answer(201, { ...created, secret: body.secret });
    },
    ...Object.fromEntries(
      initial.map((w) => [
        `DELETE /api/webhooks/${w.id}`,
        () => {
          webhooks = webhooks.filter((x) => x.id !== w.id);
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

afterEach(() => jest.restoreAllMocks());

describe('a project’s webhooks', () => {
  it('lists them for the lead: URL, events, enabled, the secret’s last characters and the last delivery', async () => {
    await openAs(ada, () => webhookServer([webhook()]));
    expect(await within(section()).findByRole('heading', { name: 'Webhooks (1)' })).toBeInTheDocument();
    const item = row('https://hooks.example.com/in');
    expect(within(item).getByText('Enabled')).toBeInTheDocument();
    expect(
      within(within(item).getByRole('list', { name: 'Events' }))
        .getAllByRole('listitem')
        .map((e) => e.textContent),
    ).toEqual(['issue.created', 'comment.created']);
    expect(item).toHaveTextContent('Secret …cret');
    expect(item).toHaveTextContent('Last delivery: Succeeded · 200 ·');
  });

  it('is shown to an administrator too, and not to a member who is not the lead', async () => {
    await openAs(root, () => webhookServer([webhook()]), { role: 'admin', isAdmin: true });
    expect(await screen.findByRole('region', { name: /^Webhooks/ })).toBeInTheDocument();
  });

  it('is not shown to a member who is not the lead (and not asked for)', async () => {
    const server = await openAs(bob, () => webhookServer([webhook()]));
    expect(screen.queryByRole('region', { name: /^Webhooks/ })).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/projects/WEB/webhooks')).toHaveLength(0);
  });

  it('says when a webhook was disabled, and how it is enabled again', async () => {
    await openAs(ada, () =>
      webhookServer([
        webhook({
          disabledAt: '2030-01-02T00:00:00.000Z',
          consecutiveFailures: 5,
          lastDelivery: delivery({ status: 'FAILED', responseCode: 500 }),
        }),
      ]),
    );
    const item = await within(await screen.findByRole('region', { name: /^Webhooks/ })).findByRole('listitem', {
      name: 'https://hooks.example.com/in',
    });
    expect(within(item).getByText('Disabled')).toBeInTheDocument();
    expect(item).toHaveTextContent(
      'Disabled after 5 failed deliveries in a row. A test that succeeds enables it again.',
    );
    expect(item).toHaveTextContent('Last delivery: Failed · 500 ·');
  });

  it('adds one with the URL, the secret and the events ticked, then lists it', async () => {
    const server = await openAs(ada, () => webhookServer([]));
    expect(await within(section()).findByText('No webhooks yet.')).toBeInTheDocument();
    fireEvent.change(within(section()).getByLabelText('URL'), { target: { value: ' https://ci.example.com/hook ' } });
    fireEvent.change(within(section()).getByLabelText('Secret'), { target: { value: 'sixteen-chars-secret' } });
    fireEvent.click(within(section()).getByRole('checkbox', { name: 'comment.created' }));
    fireEvent.click(within(section()).getByRole('checkbox', { name: 'issue.moved' }));
    fireEvent.click(within(section()).getByRole('button', { name: 'Add webhook' }));
    expect(await within(section()).findByRole('listitem', { name: 'https://ci.example.com/hook' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/projects/WEB/webhooks').map((c) => c.body)).toEqual([
      {
        url: 'https://ci.example.com/hook',
        secret: 'sixteen-chars-secret',
        events: ['issue.created', 'issue.moved', 'comment.created'],
      },
    ]);
    // The list can show the new webhook a moment before the form is cleared (a busy machine showed it).
    await waitFor(() => expect(within(section()).getByLabelText('URL')).toHaveValue(''));
    expect(within(section()).getByLabelText('Secret')).toHaveValue('');
  });

  it('says what is missing or too short before sending anything', async () => {
    const server = await openAs(ada, () => webhookServer([]));
    await within(section()).findByText('No webhooks yet.');
    fireEvent.click(within(section()).getByRole('checkbox', { name: 'issue.created' }));
    fireEvent.change(within(section()).getByLabelText('Secret'), { target: { value: 'short' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Add webhook' }));
    expect(within(section()).getByText('URL is required.')).toBeInTheDocument();
    expect(within(section()).getByText('Secret must be at least 16 characters.')).toBeInTheDocument();
    expect(within(section()).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(within(section()).getByLabelText('Secret')).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST /api/projects/WEB/webhooks')).toHaveLength(0);
  });

  it('shows the server’s refusal of a private address at the URL field', async () => {
    await openAs(ada, () =>
      webhookServer([], { 'POST /api/projects/WEB/webhooks': answer(400, { message: messages.webhookTargetRefused }) }),
    );
    await within(section()).findByText('No webhooks yet.');
    fireEvent.change(within(section()).getByLabelText('URL'), { target: { value: 'http://10.0.0.1/hook' } });
    fireEvent.change(within(section()).getByLabelText('Secret'), { target: { value: 'sixteen-chars-secret' } });
    fireEvent.click(within(section()).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(section()).findByText(
        'URL must be a public address (private, loopback and link-local addresses are refused).',
      ),
    ).toBeInTheDocument();
    expect(within(section()).getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a test and says how it went', async () => {
    let status: WebhookDeliveryDto['status'] = 'SUCCEEDED';
    await openAs(ada, () =>
      webhookServer([webhook()], {
        'POST /api/webhooks/5/test': () =>
          answer(
            200,
            delivery({
              id: 't',
              event: 'webhook.test',
              status,
              responseCode: status === 'SUCCEEDED' ? 204 : 500,
              error: status === 'SUCCEEDED' ? null : 'The receiver answered 500.',
            }),
          ),
      }),
    );
    const item = await within(section()).findByRole('listitem', { name: 'https://hooks.example.com/in' });
    fireEvent.click(within(item).getByRole('button', { name: 'Send test to https://hooks.example.com/in' }));
    expect(await within(item).findByRole('status')).toHaveTextContent('Test delivered (204).');
    status = 'FAILED';
    fireEvent.click(within(item).getByRole('button', { name: 'Send test to https://hooks.example.com/in' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Test failed: The receiver answered 500.');
  });

  it('shows the delivery log: status, time, event, response code and duration', async () => {
    await openAs(ada, () =>
      webhookServer([webhook()], {
        'GET /api/webhooks/5/deliveries': answer(200, {
          deliveries: [
            delivery({
              id: 'b',
              status: 'RETRYING',
              responseCode: 500,
              durationMs: 12,
              nextAttemptAt: '2030-01-01T09:01:00.000Z',
            }),
            delivery({ id: 'a', event: 'comment.created', status: 'FAILED', responseCode: null, durationMs: null }),
          ],
          nextCursor: null,
        }),
      }),
    );
    const item = await within(section()).findByRole('listitem', { name: 'https://hooks.example.com/in' });
    const toggle = within(item).getByRole('button', { name: 'Deliveries' });
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const table = await within(item).findByRole('table', { name: 'Deliveries to https://hooks.example.com/in' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Time', 'Event', 'Response', 'Duration']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Retrying', expect.stringMatching(/2030/), 'issue.created', '500', '12 ms']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Failed', expect.any(String), 'comment.created', '—', '—']);
    fireEvent.click(within(item).getByRole('button', { name: 'Hide deliveries' }));
    expect(within(item).queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows older deliveries a page at a time, until there are none', async () => {
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => delivery({ id: `d-${from - i}`, responseCode: from - i }));
    await openAs(ada, () =>
      webhookServer([webhook()], {
        'GET /api/webhooks/5/deliveries': answer(200, { deliveries: page(60, 50), nextCursor: 'd-11' }),
        'GET /api/webhooks/5/deliveries?before=d-11': answer(200, { deliveries: page(10, 10), nextCursor: null }),
      }),
    );
    const item = await within(section()).findByRole('listitem', { name: 'https://hooks.example.com/in' });
    fireEvent.click(within(item).getByRole('button', { name: 'Deliveries' }));
    const table = await within(item).findByRole('table', { name: 'Deliveries to https://hooks.example.com/in' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    fireEvent.click(within(item).getByRole('button', { name: 'Show older deliveries' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(61));
    expect(within(within(table).getAllByRole('row')[60]!).getAllByRole('cell')[3]).toHaveTextContent('1');
    expect(within(item).queryByRole('button', { name: 'Show older deliveries' })).not.toBeInTheDocument();
  });

  it('deletes one once confirmed, and nothing when the confirm is cancelled', async () => {
    const server = await openAs(ada, () => webhookServer([webhook()]));
    const item = await within(section()).findByRole('listitem', { name: 'https://hooks.example.com/in' });
    const del = within(item).getByRole('button', { name: 'Delete webhook https://hooks.example.com/in' });
    const question = 'Delete the webhook to https://hooks.example.com/in? Nothing more is sent to it.';
    fireEvent.click(del);
    await answerConfirm(false, question);
    expect(server.callsTo('DELETE /api/webhooks/5')).toHaveLength(0);
    fireEvent.click(del);
    await answerConfirm(true, question);
    expect(await within(section()).findByText('No webhooks yet.')).toBeInTheDocument();
    expect(server.callsTo('DELETE /api/webhooks/5')).toHaveLength(1);
  });

  it('keeps listing an archived project’s webhooks without the add form', async () => {
    await openAs(ada, () => webhookServer([webhook()], {}, projectDto({ archivedAt: '2030-01-01T00:00:00.000Z' })));
    await within(section()).findByRole('listitem', { name: 'https://hooks.example.com/in' });
    expect(within(section()).queryByRole('form', { name: 'Add webhook' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(section()).queryByLabelText('URL')).not.toBeInTheDocument());
  });
});
