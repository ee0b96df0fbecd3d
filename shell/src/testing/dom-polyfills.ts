// What jsdom lacks and cmdk reaches for (scrolling the chosen item into view, list resizing).
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function installDomPolyfills(): void {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.scrollIntoView ??= () => {};
  (globalThis as Record<string, unknown>).ResizeObserver ??= ResizeObserverStub;
}
