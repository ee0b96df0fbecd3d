// Every mf-boards test file starts here (jest.config.js): the socket.io server is a fake at the
// network boundary, and each test starts from an empty board store
// (docs/decisions/0032-one-jest-setup-per-app.md).
//
// Nothing is imported up front: a file that runs under `@jest-environment node` has no window
// for the stores, and a test file's own jest.mock of a module the store imports must still
// apply to the store it gets.
jest.mock('socket.io-client', () => {
  const { fakeIo } = jest.requireActual<typeof import('@trackboard/web-kit/testing')>('@trackboard/web-kit/testing');
  return { io: jest.fn((options: Record<string, unknown>) => fakeIo(options)) };
});

beforeEach(async () => {
  if (typeof window === 'undefined') return;
  const { resetBoardStore } = await import('./board-fixtures');
  resetBoardStore();
});
