import { act } from '@testing-library/react';
import { type FakeRoute } from '@trackboard/web-kit/testing';

// The browser losing its connection, for tests: a request that gets no answer at all (fetch
// rejects with a TypeError, as Chromium's "Failed to fetch"), and the window's online/offline
// signals (navigator.onLine and its events).

/** A route that never reaches the server: fetch itself rejects, as it does offline. */
export const noAnswer: FakeRoute = () => Promise.reject(new TypeError('Failed to fetch'));

let online = true;
let installed = false;

/** navigator.onLine, under the test's control (jsdom's is always true). Back to true with `goOnline`. */
function installOnLine() {
  if (installed) return;
  installed = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** The browser notices it has no network: navigator.onLine turns false and `offline` fires. */
export function goOffline() {
  installOnLine();
  online = false;
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

/** The network is back: navigator.onLine turns true and `online` fires. */
export function goOnline() {
  installOnLine();
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

/** navigator.onLine true again without an event, between tests. */
export function resetNetwork() {
  online = true;
}

/** Calls to a route that wait until the test lets them fail without an answer, oldest first. */
export function heldNoAnswers() {
  const waiting: Array<() => void> = [];
  return {
    route: () =>
      new Promise<never>((_, reject) => {
        waiting.push(() => reject(new TypeError('Failed to fetch')));
      }),
    /** The oldest call still waiting gets no answer. */
    failNext: () => waiting.shift()?.(),
  };
}
