// What the web tests of the shell and the remotes stand on (`@trackboard/web-kit/testing`): the
// server, the socket server, the viewport and the host are played at their boundaries
// (docs/decisions/0031-web-kit-exports-map.md).
export { answerConfirm } from './confirm';
export { answer, fakeApi, heldAnswer, type FakeAnswer, type FakeRoute, type RecordedCall } from './fake-api';
export { FakeSocket, fakeIo, lastSocket, openedSockets, type SentMessage } from './fake-socket';
export { installViewport, resizeViewport, setSystemDark } from './media';
export { failOnRouterWarnings, renderInHost, renderRemoteAt } from './remote-harness';
