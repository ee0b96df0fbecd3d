// jsdom has no matchMedia: a stand-in that answers `(max-width: Npx)` queries for a
// viewport width the test sets, and tells listeners when it changes.
const listeners = new Set<() => void>();
let viewportWidth = 1280;

function matchesQuery(query: string): boolean {
  const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
  return maxWidth ? viewportWidth <= Number(maxWidth[1]) : false;
}

export function installViewport(width: number): void {
  viewportWidth = width;
  listeners.clear();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      media: query,
      get matches() {
        return matchesQuery(query);
      },
      addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
    }),
  });
}

/** Resize the viewport; call inside act(). */
export function resizeViewport(width: number): void {
  viewportWidth = width;
  listeners.forEach((notify) => notify());
}
