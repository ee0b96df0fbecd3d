import type { ReactionType } from '@trackboard/contracts';
import type { ReactNode } from 'react';
import styles from './comments.module.css';

// The reactions' pictures (issue 16): drawn here, not emoji, which are an empty box where the
// system has no emoji font. In the text colour, so a highlighted reaction and every theme
// colour them as they colour the count beside them. The button's label names the reaction.

const shapes: Record<ReactionType, ReactNode> = {
  thumbsup: (
    <>
      <rect x="1" y="7" width="3" height="7.5" rx="0.75" />
      <path d="M5.5 7.2l2.8-5a1.2 1.2 0 0 1 2 1.3L9.5 6h3.7a1.5 1.5 0 0 1 1.5 1.9l-1 5a2 2 0 0 1-2 1.6H5.5z" />
    </>
  ),
  heart: (
    <path d="M8 14.2L2.3 8.6a3.7 3.7 0 0 1 0-5.1 3.6 3.6 0 0 1 5 0l.7.7.7-.7a3.6 3.6 0 0 1 5 0 3.7 3.7 0 0 1 0 5.1z" />
  ),
};

export function ReactionIcon({ type }: { type: ReactionType }) {
  return (
    <svg
      className={styles.reactionIcon}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-reaction={type}
    >
      {shapes[type]}
    </svg>
  );
}
