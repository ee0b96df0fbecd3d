import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReleasesResponse, RemoteVersionDto } from '@trackboard/contracts';
import { answer, installViewport } from '@trackboard/web-kit/testing';
import { renderAdminAt, signInAsAdmin } from '../../testing/render-admin';
import { fakeReleaseServer } from './fake-release-server';

// The Releases page, /admin/releases, against a fake gateway keeping its rules: each
// remote's current version and canary, its versions and what can be done to them, confirmed
// first, sent as PUT /api/admin/releases/:remote, announced in a toast, and the history.

const root = { id: '1', name: 'Root Admin' };
const published = (version: string, at: string, fields: Partial<RemoteVersionDto> = {}): RemoteVersionDto => ({
  version,
  entry: `/remotes/mf_projects/${version}/mf-manifest.json`,
  publishedAt: at,
  compatible: true,
  problem: null,
  ...fields,
});
const bundled = (name: string): RemoteVersionDto => ({
  version: 'bundled',
  entry: `/${name}/mf-manifest.json`,
  publishedAt: null,
  compatible: true,
  problem: null,
});
const noFailures = { count: 0, lastAt: null, lastMessage: null };
const reactProblem = "react 18.3.1 does not match the shell's react ^19.2.0";
const routerProblem = "react-router ~7.17.0 does not match the shell's ~7.18.5";

const releases = (): ReleasesResponse => ({
  remotes: [
    {
      name: 'mf_projects',
      current: '1.2.0',
      canary: { version: '1.3.0', share: 10 },
      versions: [
        published('1.3.0', '2024-06-03T09:00:00.000Z'),
        published('1.2.0', '2024-06-02T09:00:00.000Z'),
        published('1.1.0', '2024-06-01T09:00:00.000Z'),
        published('0.9.0', '2024-05-01T09:00:00.000Z', { compatible: false, problem: reactProblem }),
        bundled('mf_projects'),
      ],
      canaryFailures: {
        count: 2,
        lastAt: '2024-06-04T08:30:00.000Z',
        lastMessage: 'ChunkLoadError: Loading chunk 42 failed.',
      },
    },
    {
      name: 'mf_boards',
      current: 'bundled',
      canary: null,
      versions: [published('2.0.0', '2024-06-05T09:00:00.000Z'), bundled('mf_boards')],
      canaryFailures: noFailures,
    },
    { name: 'mf_admin', current: 'bundled', canary: null, versions: [bundled('mf_admin')], canaryFailures: noFailures },
  ],
  history: [
    {
      id: '3',
      remote: 'mf_projects',
      what: 'canary',
      from: null,
      to: '1.3.0',
      share: 10,
      by: root,
      at: '2024-06-03T10:00:00.000Z',
    },
    {
      id: '2',
      remote: 'mf_projects',
      what: 'current',
      from: '1.1.0',
      to: '1.2.0',
      share: null,
      by: root,
      at: '2024-06-02T10:00:00.000Z',
    },
    {
      id: '1',
      remote: 'mf_projects',
      what: 'current',
      from: 'bundled',
      to: '1.1.0',
      share: null,
      by: root,
      at: '2024-06-01T10:00:00.000Z',
    },
  ],
});

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const notifications = () => screen.getByRole('status', { name: 'Notifications' });
const remoteCard = (title: string) => screen.getByRole('region', { name: new RegExp(`^${title} `) });
const loaded = () => screen.findByRole('region', { name: 'Projects mf_projects' });
const versionRows = (title: string) =>
  within(within(remoteCard(title)).getByRole('table', { name: `Versions of ${title}` }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );
const summary = (title: string) =>
  within(remoteCard(title))
    .getAllByRole('definition')
    .slice(0, 2)
    .map((dd) => dd.textContent);
const historyRows = () =>
  within(screen.getByRole('table', { name: 'History' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  signInAsAdmin();
  installViewport(1280);
});

describe('the release table', () => {
  it('shows each remote by name: current version, canary, its load failures, and every version', async () => {
    fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    expect(screen.getByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();
    expect(screen.getByText('Loading releases...')).toBeInTheDocument();
    await loaded();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Projects mf_projects',
      'Boards mf_boards',
      'Admin mf_admin',
      'History',
    ]);

    expect(summary('Projects')).toEqual(['1.2.0', '1.3.0 to 10% of users']);
    expect(summary('Boards')).toEqual(['bundled', 'No canary']);
    const projects = within(remoteCard('Projects'));
    expect(projects.getByText('Canary load failures: 2')).toBeInTheDocument();
    expect(projects.getByText(`Last at ${when('2024-06-04T08:30:00.000Z')}`)).toBeInTheDocument();
    expect(projects.getByText('ChunkLoadError: Loading chunk 42 failed.')).toBeInTheDocument();
    expect(within(remoteCard('Boards')).queryByText(/Canary load failures/)).not.toBeInTheDocument();

    expect(projects.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Version',
      'Published',
      'Compatibility',
      'Actions',
    ]);
    expect(versionRows('Projects')).toEqual([
      ['1.3.0Canary 10%', when('2024-06-03T09:00:00.000Z'), 'Compatible'],
      ['1.2.0Current', when('2024-06-02T09:00:00.000Z'), 'Compatible'],
      ['1.1.0', when('2024-06-01T09:00:00.000Z'), 'Compatible'],
      ['0.9.0', when('2024-05-01T09:00:00.000Z'), reactProblem],
      ['bundled', 'Shipped with this install', 'Compatible'],
    ]);
    expect(versionRows('Admin')).toEqual([['bundledCurrent', 'Shipped with this install', 'Compatible']]);
  });

  it('offers Make current and Start canary on the other versions, disabled with the reason for one that does not fit', async () => {
    fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    const projects = within(remoteCard('Projects'));
    // The current and the canary have none: the canary's own controls promote or end it.
    expect(projects.queryByRole('button', { name: /: 1\.2\.0$/ })).not.toBeInTheDocument();
    expect(projects.queryByRole('button', { name: /: 1\.3\.0$/ })).not.toBeInTheDocument();
    expect(projects.getByRole('button', { name: 'Make current: 1.1.0' })).toBeEnabled();
    expect(projects.getByRole('button', { name: 'Start canary: 1.1.0' })).toBeEnabled();
    for (const name of ['Make current: 0.9.0', 'Start canary: 0.9.0']) {
      const button = projects.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(reactProblem);
    }
  });

  it('lists the history newest first: when, who, remote, what, from → to, share', async () => {
    fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    expect(historyRows()).toEqual([
      [when('2024-06-03T10:00:00.000Z'), 'Root Admin', 'Projects (mf_projects)', 'Canary', 'None → 1.3.0', '10%'],
      [when('2024-06-02T10:00:00.000Z'), 'Root Admin', 'Projects (mf_projects)', 'Current', '1.1.0 → 1.2.0', 'N/A'],
      [when('2024-06-01T10:00:00.000Z'), 'Root Admin', 'Projects (mf_projects)', 'Current', 'bundled → 1.1.0', 'N/A'],
    ]);
  });

  it('says why the table could not be loaded', async () => {
    const server = fakeReleaseServer(releases());
    server.failLoads(answer(403, { message: 'Only administrators can do this.' }));
    renderAdminAt('/admin/releases');
    expect(await within(notifications()).findByText('[ERROR] Only administrators can do this.')).toBeInTheDocument();
    expect(screen.queryByText('Loading releases...')).not.toBeInTheDocument();
  });
});

describe('changing a release', () => {
  it('makes a version current after confirmation, then shows it with a toast and in the history', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    const loadsBefore = server.loads();
    fireEvent.click(within(remoteCard('Boards')).getByRole('button', { name: 'Make current: 2.0.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Current' });
    expect(dialog).toHaveTextContent(
      'Make 2.0.0 the current version of Boards (mf_boards)? Every user loads it from their next page load.',
    );
    expect(server.updatesOf('mf_boards')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make current' }));

    expect(
      await within(notifications()).findByText('[SUCCESS] Boards (mf_boards): 2.0.0 is now current.'),
    ).toBeVisible();
    expect(server.updatesOf('mf_boards')).toEqual([{ current: '2.0.0' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(summary('Boards')).toEqual(['2.0.0', 'No canary']);
    expect(historyRows()[0]).toEqual([
      when('2024-06-10T12:00:00.000Z'),
      'Root Admin',
      'Boards (mf_boards)',
      'Current',
      'bundled → 2.0.0',
      'N/A',
    ]);
    await waitFor(() => expect(server.loads()).toBeGreaterThan(loadsBefore));
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Boards')).getByRole('button', { name: 'Make current: 2.0.0' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.updatesOf('mf_boards')).toEqual([]);
  });

  it('shows the gateway’s own reason when it refuses a version (409)', async () => {
    const server = fakeReleaseServer(releases());
    server.answerOnce('mf_boards', answer(409, { message: routerProblem }));
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Boards')).getByRole('button', { name: 'Make current: 2.0.0' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make current' }));
    expect(await within(notifications()).findByText(`[ERROR] ${routerProblem}`)).toBeInTheDocument();
    expect(summary('Boards')).toEqual(['bundled', 'No canary']);
  });

  it('says the default when the change fails without a reason', async () => {
    const server = fakeReleaseServer(releases());
    server.answerOnce('mf_boards', answer(500));
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Boards')).getByRole('button', { name: 'Make current: 2.0.0' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make current' }));
    expect(await within(notifications()).findByText('[ERROR] Failed to change the release.')).toBeInTheDocument();
  });

  it('rolls back to the version current before the latest change of current, after confirmation', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    // Nothing was ever made current on Boards or Admin: nothing to roll back to.
    expect(within(remoteCard('Boards')).queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();
    expect(within(remoteCard('Admin')).queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();

    fireEvent.click(within(remoteCard('Projects')).getByRole('button', { name: 'Roll back to 1.1.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll Back' });
    expect(dialog).toHaveTextContent(
      'Roll Projects (mf_projects) back from 1.2.0 to 1.1.0? Every user loads 1.1.0 from their next page load.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back to 1.1.0' }));
    expect(
      await within(notifications()).findByText('[SUCCESS] Projects (mf_projects): rolled back to 1.1.0.'),
    ).toBeVisible();
    expect(server.updatesOf('mf_projects')).toEqual([{ current: '1.1.0' }]);
    expect(summary('Projects')).toEqual(['1.1.0', '1.3.0 to 10% of users']);
    // The roll back is now the latest change of current: rolling back again returns to 1.2.0.
    expect(within(remoteCard('Projects')).getByRole('button', { name: 'Roll back to 1.2.0' })).toBeEnabled();
  });

  it('disables roll back, saying why, when the previous version no longer fits the shell', async () => {
    const table = releases();
    table.history[1] = { ...table.history[1]!, from: '0.9.0' };
    fakeReleaseServer(table);
    renderAdminAt('/admin/releases');
    await loaded();
    const button = within(remoteCard('Projects')).getByRole('button', { name: 'Roll back to 0.9.0' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(reactProblem);
  });

  it('starts a canary for the share typed, from 1 to 100', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Boards')).getByRole('button', { name: 'Start canary: 2.0.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Start Canary' });
    expect(dialog).toHaveTextContent('Load 2.0.0 of Boards (mf_boards) for a share of users; the others keep bundled.');
    const share = within(dialog).getByLabelText('Share of users (%)');
    for (const wrong of ['0', '101', '2.5', '']) {
      fireEvent.change(share, { target: { value: wrong } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start canary' }));
      expect(share).toHaveAccessibleDescription('Enter a whole number from 1 to 100.');
      expect(share).toBeInvalid();
    }
    expect(server.updatesOf('mf_boards')).toEqual([]);

    fireEvent.change(share, { target: { value: '25' } });
    expect(share).toBeValid();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start canary' }));
    expect(
      await within(notifications()).findByText('[SUCCESS] Boards (mf_boards): canary 2.0.0 started for 25% of users.'),
    ).toBeVisible();
    expect(server.updatesOf('mf_boards')).toEqual([{ canary: { version: '2.0.0', share: 25 } }]);
    expect(summary('Boards')).toEqual(['bundled', '2.0.0 to 25% of users']);
  });
});

describe('the canary', () => {
  it('changes its share, starting from the one set', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Projects')).getByRole('button', { name: 'Change share' }));
    const dialog = screen.getByRole('dialog', { name: 'Change Canary Share' });
    const share = within(dialog).getByLabelText('Share of users (%)');
    expect(share).toHaveValue(10);
    fireEvent.change(share, { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change share' }));
    expect(
      await within(notifications()).findByText(
        '[SUCCESS] Projects (mf_projects): canary 1.3.0 now goes to 50% of users.',
      ),
    ).toBeVisible();
    expect(server.updatesOf('mf_projects')).toEqual([{ canary: { version: '1.3.0', share: 50 } }]);
  });

  it('ends at once, without asking', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Projects')).getByRole('button', { name: 'End canary' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await within(notifications()).findByText('[SUCCESS] Projects (mf_projects): canary 1.3.0 ended.'),
    ).toBeVisible();
    expect(server.updatesOf('mf_projects')).toEqual([{ canary: null }]);
    expect(summary('Projects')).toEqual(['1.2.0', 'No canary']);
    expect(within(remoteCard('Projects')).queryByText(/Canary load failures/)).not.toBeInTheDocument();
  });

  it('is promoted to current after confirmation, which ends it', async () => {
    const server = fakeReleaseServer(releases());
    renderAdminAt('/admin/releases');
    await loaded();
    fireEvent.click(within(remoteCard('Projects')).getByRole('button', { name: 'Promote' }));
    const dialog = screen.getByRole('dialog', { name: 'Promote Canary' });
    expect(dialog).toHaveTextContent(
      'Make the canary 1.3.0 the current version of Projects (mf_projects)? Every user loads it from their next page load, and the canary ends.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    expect(
      await within(notifications()).findByText('[SUCCESS] Projects (mf_projects): the canary 1.3.0 is now current.'),
    ).toBeVisible();
    expect(server.updatesOf('mf_projects')).toEqual([{ current: '1.3.0' }]);
    expect(summary('Projects')).toEqual(['1.3.0', 'No canary']);
    expect(
      historyRows()
        .slice(0, 2)
        .map((row) => row.slice(3)),
    ).toEqual([
      ['Canary', '1.3.0 → None', 'N/A'],
      ['Current', '1.2.0 → 1.3.0', 'N/A'],
    ]);
  });
});

it('shows versions and history as cards of labelled lines on a phone', async () => {
  installViewport(390);
  fakeReleaseServer(releases());
  renderAdminAt('/admin/releases');
  await loaded();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
  const versions = within(remoteCard('Projects')).getByRole('list', { name: 'Versions of Projects' });
  const old = within(versions).getAllByRole('listitem')[3]!;
  expect(old).toHaveTextContent('0.9.0');
  expect(within(old).getByText('Compatibility').tagName).toBe('DT');
  expect(within(old).getByText(reactProblem)).toBeInTheDocument();
  expect(within(old).getByRole('button', { name: 'Make current: 0.9.0' })).toBeDisabled();
  const [latest] = within(screen.getByRole('list', { name: 'History' })).getAllByRole('listitem');
  expect(latest).toHaveTextContent('Projects (mf_projects): Canary');
  expect(latest).toHaveTextContent('None → 1.3.0');
});
