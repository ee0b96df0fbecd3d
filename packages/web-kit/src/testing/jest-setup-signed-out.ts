// Every test file of the shell, mf-projects and mf-admin starts here (jest.config.js): the
// socket.io server is a fake at the network boundary, and each test starts signed out with
// nothing stored (docs/decisions/0032-one-jest-setup-per-app.md).
//
// Nothing is imported up front: a file that runs under `@jest-environment node` has no window
// for the session store.
jest.mock('socket.io-client', () => {
  const { fakeIo } = jest.requireActual<typeof import('@trackboard/web-kit/testing')>('@trackboard/web-kit/testing');
  return { io: jest.fn((options: Record<string, unknown>) => fakeIo(options)) };
});

beforeEach(async () => {
  if (typeof window === 'undefined') return;
  const { useSession } = await import('@trackboard/web-kit');
  localStorage.clear();
  useSession.getState().signOut();
});
