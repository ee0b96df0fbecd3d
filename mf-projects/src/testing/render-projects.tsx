import { render } from '@testing-library/react';
import type { ProjectDto, ProjectMemberDto } from '@trackboard/contracts';
import { useSession, type SessionUser } from '@trackboard/web-kit';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { SWRConfig } from 'swr';
import ProjectsApp from '../exposes/projects-app';

// Screens of this remote under test: mounted the way the shell mounts them, with stand-ins
// for the places they lead to (the board view, the sign-in screen), a fresh swr cache per
// render, and the server answered at `fetch` (web-kit's fakeApi).

function WhereWeAre() {
  const location = useLocation();
  return <span data-testid="current-path">{location.pathname}</span>;
}

function Elsewhere({ name }: { name: string }) {
  return (
    <p>
      {name} ({useNavigationType()})
    </p>
  );
}

export function renderProjectsAt(url: string) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, revalidateOnFocus: false }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="projects/*" element={<ProjectsApp />} />
          <Route path="board/*" element={<ProjectsApp />} />
          <Route path="boards/:boardId" element={<Elsewhere name="Board view" />} />
          <Route path="login" element={<Elsewhere name="Sign in" />} />
        </Routes>
        <WhereWeAre />
      </MemoryRouter>
    </SWRConfig>,
  );
}

export const ada = { id: '1', name: 'Ada Lovelace', email: 'ada@example.com' };
export const bob = { id: '2', name: 'Bob Builder', email: 'bob@example.com' };
export const cyd = { id: '3', name: 'Cyd Charisse', email: 'cyd@example.com' };
export const root = { id: '9', name: 'Root Admin', email: 'root@example.com' };

/** Signs `user` in the way login does (token and user in the shared session store). */
export function signInAs(user: { id: string; name: string; email: string }, extra: Partial<SessionUser> = {}) {
  useSession.getState().signIn('test-token', { ...user, status: 'ACTIVE', role: 'user', isAdmin: false, ...extra });
}

const member = (user: typeof ada, role: ProjectMemberDto['role'] = 'member'): ProjectMemberDto => ({
  ...user,
  isLead: role === 'lead',
  role,
});

/** A project as GET /api/projects/{key} answers it: `lead` leads, `others` are members too, `viewers` view it. */
export function projectDto({
  lead = ada,
  others = [bob],
  viewers = [],
  ...fields
}: Partial<ProjectDto> & { others?: (typeof ada)[]; viewers?: (typeof ada)[] } = {}): ProjectDto {
  return {
    id: '10',
    key: 'WEB',
    name: 'Web Platform',
    description: 'The public web site.',
    boards: [{ id: '77', name: 'Web Platform Board', issueCount: 3 }],
    createdAt: '2024-05-01T10:00:00.000Z',
    lastActiveAt: '2024-05-01T10:00:00.000Z',
    archivedAt: null,
    estimateScale: 'none',
    viewersMayComment: true,
    ...fields,
    lead,
    members: [
      member(lead, 'lead'),
      ...others.map((other) => member(other)),
      ...viewers.map((viewer) => member(viewer, 'viewer')),
    ],
  };
}
