import { useEffect, useState, type ReactNode } from 'react';
import styles from './fade-in.module.css';

/** Spec §9: the login-area screens and the board view fade in after 50 ms. */
export const fadeInDelayMs = 50;

/** Its children start transparent and fade in once `fadeInDelayMs` has passed. */
export function FadeIn({ children, className }: { children: ReactNode; className?: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), fadeInDelayMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={[styles.fade, shown ? styles.shown : '', className ?? ''].join(' ').trim()} data-shown={shown}>
      {children}
    </div>
  );
}
