// Tests stand in for socket.io-client at the network boundary: `io()` hands out these fakes,
// which record what the page sends and let the test play the server.
import type { JoinAck } from '@trackboard/contracts';

type Handler = (...args: unknown[]) => void;

export interface SentMessage {
  event: string;
  args: unknown[];
}

export class FakeSocket {
  connected = false;
  disconnected = false;
  readonly sent: SentMessage[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();
  /** How the fake server answers join_board_room (default: ok). */
  joinAnswer: (room: string) => JoinAck = () => ({ ok: true });

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }

  removeAllListeners() {
    this.handlers.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (answer: JoinAck) => void) : undefined;
    this.sent.push({ event, args });
    if (event === 'join_board_room' && ack) ack(this.joinAnswer(String(args[0])));
    return this;
  }

  disconnect() {
    this.connected = false;
    this.disconnected = true;
    return this;
  }

  /** How often the page asked this socket to connect again (socket.io's `socket.connect()`). */
  connectCalls = 0;

  connect() {
    this.connectCalls++;
    return this;
  }

  /** The rooms this socket asked to join, in order. */
  joins() {
    return this.sent.filter((m) => m.event === 'join_board_room').map((m) => m.args[0]);
  }

  leaves() {
    return this.sent.filter((m) => m.event === 'leave_board_room').map((m) => m.args[0]);
  }

  // --- the server's side ---
  private fire(event: string, ...args: unknown[]) {
    this.handlers.get(event)?.forEach((handler) => handler(...args));
  }

  serverConnects() {
    this.connected = true;
    this.fire('connect');
  }

  serverRefuses(message = 'xhr poll error') {
    this.connected = false;
    this.fire('connect_error', new Error(message));
  }

  serverDrops(reason = 'transport close') {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverSends(event: string, payload: unknown) {
    this.fire(event, payload);
  }
}

/** Every fake socket opened so far, newest last. */
export const openedSockets: FakeSocket[] = [];

export function fakeIo(options: Record<string, unknown>) {
  const socket = new FakeSocket(options);
  openedSockets.push(socket);
  return socket;
}

export const lastSocket = () => openedSockets[openedSockets.length - 1];
