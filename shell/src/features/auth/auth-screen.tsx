import type { ReactNode } from 'react';
import { appTitleOf, FadeIn, useAppConfig } from '@trackboard/web-kit';
import styles from './auth-screen.module.css';

export { styles as authStyles };

/**
 * The centred card every public screen (sign in, register, verification, pending) sits in,
 * under the product's "{name} by {provider}" (spec §1); it fades in after 50 ms (spec §9).
 */
export function AuthScreen({ title, children }: { title: string; children?: ReactNode }) {
  const appTitle = useAppConfig(appTitleOf);
  return (
    <main className={styles.screen}>
      <FadeIn>
        <section className={styles.card} aria-labelledby="auth-screen-title">
          <p className={styles.brand}>{appTitle}</p>
          <h1 id="auth-screen-title" className={styles.title}>
            {title}
          </h1>
          {children}
        </section>
      </FadeIn>
    </main>
  );
}
