// What jsdom lacks and Radix (Dialog, Select) and the virtualiser reach for.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

export function installDomPolyfills() {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.scrollIntoView ??= () => {};
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.scrollTo ??= function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options?.top !== undefined) this.scrollTop = options.top;
  };
  (globalThis as Record<string, unknown>).ResizeObserver ??= ResizeObserverStub;
}
