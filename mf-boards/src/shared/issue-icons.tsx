import type { IssueDto } from '@trackboard/contracts';
import type { ReactNode } from 'react';
import { uiMessages } from '../ui-messages';
import styles from './issue-icons.module.css';

// The type and priority icons: a shape and a colour each, and their name as the
// icon's text alternative and tooltip, so neither colour nor shape is needed to tell them apart.

const typeShapes: Record<IssueDto['type'], ReactNode> = {
  TASK: (
    <>
      <rect x="1.5" y="1.5" width="13" height="13" rx="3" fill="currentColor" />
      <path d="M4.5 8.2l2.3 2.3 4.7-5" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
    </>
  ),
  BUG: (
    <>
      <rect x="1.5" y="1.5" width="13" height="13" rx="3" fill="currentColor" />
      <circle cx="8" cy="8" r="3" fill="#fff" />
    </>
  ),
  STORY: <path d="M3.5 1.5h9v13L8 11l-4.5 3.5z" fill="currentColor" />,
  EPIC: <path d="M9.5 1L3 9h4l-1 6 6.5-8h-4z" fill="currentColor" />,
};

const priorityShapes: Record<IssueDto['priority'], ReactNode> = {
  LOW: <path d="M3 5.5l5 5 5-5" />,
  MEDIUM: <path d="M3 6h10M3 10h10" />,
  HIGH: <path d="M3 10.5l5-5 5 5" />,
  CRITICAL: <path d="M3 8l5-5 5 5M3 13l5-5 5 5" />,
};

interface IconProps {
  label: string;
  className: string;
  children: ReactNode;
  /** Beside its name in words (a list's cell): hidden from assistive technology, with no tooltip of its own. */
  decorative?: boolean;
}

function Icon({ label, className, children, decorative = false }: IconProps) {
  if (decorative)
    return (
      <svg className={className} viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        {children}
      </svg>
    );
  return (
    <svg className={className} viewBox="0 0 16 16" width="14" height="14" role="img" aria-label={label}>
      <title>{label}</title>
      {children}
    </svg>
  );
}

export const typeLabel = (type: IssueDto['type']) => uiMessages.typeNames[type] ?? type;
export const priorityLabel = (priority: IssueDto['priority']) =>
  uiMessages.priorityOf(uiMessages.priorityNames[priority] ?? priority);

export function TypeIcon({ type, decorative }: { type: IssueDto['type']; decorative?: boolean }) {
  return (
    <Icon label={typeLabel(type)} className={`${styles.icon} ${styles[`type${type}`] ?? ''}`} decorative={decorative}>
      {typeShapes[type] ?? typeShapes.TASK}
    </Icon>
  );
}

export function PriorityIcon({ priority, decorative }: { priority: IssueDto['priority']; decorative?: boolean }) {
  return (
    <Icon
      label={priorityLabel(priority)}
      className={`${styles.icon} ${styles[priority] ?? ''}`}
      decorative={decorative}
    >
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {priorityShapes[priority] ?? priorityShapes.MEDIUM}
      </g>
    </Icon>
  );
}
