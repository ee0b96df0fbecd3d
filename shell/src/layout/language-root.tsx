import { Fragment, type ReactNode } from 'react';
import { currentTimeZone, useLanguage } from '@trackboard/web-kit';

/**
 * Draws the app afresh when the language or the time zone changes (a choice on the profile), so
 * every word and date on the page follows at once — screens read their words as they draw.
 */
export function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <Fragment key={`${language} ${currentTimeZone()}`}>{children}</Fragment>;
}
