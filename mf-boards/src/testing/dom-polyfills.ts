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
  // jsdom has no PointerEvent: a MouseEvent that carries the pointer id (clientX and all).
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventStub extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    (window as unknown as Record<string, unknown>).PointerEvent = PointerEventStub;
  }
}

/**
 * jsdom lays nothing out: give a column's scrolling body the height it has on a large screen
 * (600 px) and each drawn card a typical height, so the virtualiser has a viewport.
 */
export function installColumnLayout(cardHeight = 56) {
  const sized = (className: string, value: number) => (element: Element) =>
    element.classList.contains(className) ? value : 0;
  const bodyHeight = sized('columnBody', 600);
  const bodyWidth = sized('columnBody', 256);
  const itemHeight = sized('virtualItem', cardHeight);
  Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: function (this: Element) {
      return bodyHeight(this);
    },
  });
  Object.defineProperty(window.HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get: function (this: Element) {
      return bodyWidth(this);
    },
  });
  Object.defineProperty(window.HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get: function (this: Element) {
      return itemHeight(this);
    },
  });
}
