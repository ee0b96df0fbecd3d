// jsdom has no matchMedia: a stand-in answering `(max-width: Npx)` for a viewport width the
// test sets and `(prefers-color-scheme: dark)` for an operating-system preference the test
// sets, telling listeners when either changes.
const listeners = new Set<() => void>();
let viewportWidth = 1280;
let systemDark = false;

function matchesQuery(query: string): boolean {
  const maxWidth = /max-width:\s*([\d.]+)px/.exec(query);
  if (maxWidth) return viewportWidth <= Number(maxWidth[1]);
  if (/prefers-color-scheme:\s*dark/.test(query)) return systemDark;
  return false;
}

/** Installs the stand-in with a viewport `width` wide and a light system preference. */
export function installViewport(width: number): void {
  viewportWidth = width;
  systemDark = false;
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

/** Switch the operating system's dark preference; call inside act(). */
export function setSystemDark(dark: boolean): void {
  systemDark = dark;
  listeners.forEach((notify) => notify());
}
