import { useCallback, useState, useSyncExternalStore } from 'react';

/** Spec §2.14 / §9: sidebar 200px open, 54px collapsed; an overlay below 768px. */
export const sidebarWidth = { open: 200, collapsed: 54 } as const;
export const mobileQuery = '(max-width: 767.98px)';

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

export interface SidebarState {
  /** Below the breakpoint the sidebar floats over the page with a backdrop. */
  isMobile: boolean;
  open: boolean;
  toggle: () => void;
  close: () => void;
}

/** Open by default on wide screens, closed by default on mobile, and again whenever the breakpoint is crossed. */
export function useSidebar(): SidebarState {
  const isMobile = useMediaQuery(mobileQuery);
  const [open, setOpen] = useState(!isMobile);
  const [layout, setLayout] = useState(isMobile);
  if (layout !== isMobile) {
    setLayout(isMobile);
    setOpen(!isMobile);
  }
  const toggle = useCallback(() => setOpen((value) => !value), []);
  const close = useCallback(() => setOpen(false), []);
  return { isMobile, open, toggle, close };
}
