import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept live. No matchMedia (or a failing one): false. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}

function mediaQueryList(query: string): MediaQueryList | undefined {
  if (typeof window.matchMedia !== 'function') return undefined;
  try {
    return window.matchMedia(query);
  } catch {
    return undefined;
  }
}
