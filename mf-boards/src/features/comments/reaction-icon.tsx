import type { ReactionType } from '@trackboard/contracts';
import type { ReactNode, SVGProps } from 'react';
import styles from './comments.module.css';

// The reactions' pictures: drawn here, not emoji, which are an empty box where the
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

/** A 14 px icon in the text's colour, hidden from screen readers (its button is named). */
function Icon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      className={styles.reactionIcon}
      viewBox="0 0 16 16"
      width="14"
      height="14"
      aria-hidden="true"
      focusable="false"
      {...props}
    />
  );
}

export function ReactionIcon({ type }: { type: ReactionType }) {
  return (
    <Icon fill="currentColor" data-reaction={type}>
      {shapes[type]}
    </Icon>
  );
}

/** "Add reaction": a face with a plus, in the same hand as the reactions. */
export function AddReactionIcon() {
  return (
    <Icon fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round">
      <path d="M13.4 8.6A5.9 5.9 0 1 1 7.4 2.1" />
      <path d="M4.9 9.6a3.4 3.4 0 0 0 5.2 0" />
      <path d="M5.6 6.2h.01M9.4 6.2h.01" strokeWidth="2" />
      <path d="M13 1v4M11 3h4" />
    </Icon>
  );
}
