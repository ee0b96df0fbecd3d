import type { ReactNode } from 'react';
import styles from './auth-screen.module.css';

/** The centred card every public screen (login, register, verification, pending) sits in. */
export function AuthScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <main className={styles.screen}>
      <section className={styles.card} aria-labelledby="auth-screen-title">
        <h1 id="auth-screen-title" className={styles.title}>
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
