import { useCallback, useState } from 'react';
import { useMediaQuery } from '@trackboard/web-kit';

/** Spec §2.14 / §9: sidebar 200px open, 54px collapsed; an overlay below 768px. */
export const sidebarWidth = { open: 200, collapsed: 54 } as const;
export const mobileQuery = '(max-width: 767.98px)';

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
