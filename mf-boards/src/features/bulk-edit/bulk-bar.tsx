import { issuePriorities, issueTypes } from '@trackboard/contracts';
import { useId, useMemo, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useBoardStore } from '../../shared/board-store';
import { localToday } from '../../shared/due-date';
import { clearSelection, useIssueSelection } from '../../shared/issue-selection';
import { cycleTexts, openCycles, useProjectCycles } from '../../shared/project-cycles';
import { changePicked, deletePicked, type BulkChange } from './bulk-apply';
import { bulkTexts } from './bulk-texts';
import styles from './bulk-bar.module.css';

export interface BulkBarProps {
  /** The lead or an admin: the bar offers Delete. */
  canDelete: boolean;
}

/**
 * What can be done to every picked issue at once: each choice is sent at once as one bulk edit
 * (all or none), the toast offering its Undo; the picked issues stay picked for the next one.
 */
export function BulkBar({ canDelete }: BulkBarProps) {
  const ids = useIssueSelection((s) => s.ids);
  const { issues, columns, users, labels } = useBoardStore(
    useShallow((s) => ({ issues: s.issues, columns: s.columnMeta, users: s.users, labels: s.labels })),
  );
  // Only what is still on the board counts (a picked issue someone deleted drops out).
  const count = useMemo(() => {
    const picked = new Set(ids);
    return issues.filter((issue) => picked.has(issue.id)).length;
  }, [ids, issues]);
  if (count === 0) return null;
  const change = (request: BulkChange) => void changePicked(request);

  return (
    <section className={styles.bar} aria-label={bulkTexts.region}>
      <p className={styles.count} role="status">
        {bulkTexts.selected(count)}
      </p>
      <Choice label={bulkTexts.status} prompt={bulkTexts.moveTo} onPick={(id) => change({ set: { columnId: id } })}>
        {columns.map((column) => (
          <option key={column.id} value={column.id}>
            {column.name}
          </option>
        ))}
      </Choice>
      <Choice
        label={bulkTexts.assignee}
        prompt={bulkTexts.assignTo}
        onPick={(id) => change({ set: { assigneeId: id === 'none' ? null : id } })}
      >
        <option value="none">{bulkTexts.unassigned}</option>
        {users.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name}
          </option>
        ))}
      </Choice>
      <Choice
        label={bulkTexts.priority}
        prompt={bulkTexts.setPriority}
        onPick={(priority) => change({ set: { priority: priority as (typeof issuePriorities)[number] } })}
      >
        {issuePriorities.map((priority) => (
          <option key={priority} value={priority}>
            {bulkTexts.priorities[priority]}
          </option>
        ))}
      </Choice>
      <Choice
        label={bulkTexts.type}
        prompt={bulkTexts.setType}
        onPick={(type) => change({ set: { type: type as (typeof issueTypes)[number] } })}
      >
        {issueTypes.map((type) => (
          <option key={type} value={type}>
            {bulkTexts.types[type]}
          </option>
        ))}
      </Choice>
      {labels.length ? (
        <>
          <Choice
            label={bulkTexts.addLabel}
            prompt={bulkTexts.addLabelChoice}
            onPick={(id) => change({ labels: { add: [id] } })}
          >
            {labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </Choice>
          <Choice
            label={bulkTexts.removeLabel}
            prompt={bulkTexts.removeLabelChoice}
            onPick={(id) => change({ labels: { remove: [id] } })}
          >
            {labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </Choice>
        </>
      ) : null}
      <Cycle onPick={(cycleId) => change({ set: { cycleId } })} />
      <DueDate onPick={(dueDate) => change({ set: { dueDate } })} />
      {canDelete ? (
        <button type="button" className={styles.danger} onClick={() => void deletePicked()}>
          {bulkTexts.delete}
        </button>
      ) : null}
      <button type="button" className={`${styles.button} ${styles.end}`} onClick={clearSelection}>
        {bulkTexts.clear}
      </button>
    </section>
  );
}

/** A menu whose every choice is sent at once; it shows its prompt again for the next one. */
function Choice({
  label,
  prompt,
  onPick,
  children,
}: {
  label: string;
  prompt: string;
  onPick(value: string): void;
  children: ReactNode;
}) {
  return (
    <select
      className={styles.choice}
      aria-label={label}
      value=""
      onChange={(event) => {
        if (event.target.value) onPick(event.target.value);
      }}
    >
      <option value="" disabled>
        {prompt}
      </option>
      {children}
    </select>
  );
}

/** The value of "No cycle" (a select's values are text, and the prompt's is empty). */
const NO_CYCLE = 'none';

/** A cycle for every picked issue (the current one or one planned after it), or none; only while the project's cycles are on. */
function Cycle({ onPick }: { onPick(cycleId: string | null): void }) {
  const cycles = useProjectCycles();
  if (!cycles?.settings.enabled) return null;
  const today = localToday();
  return (
    <Choice label={bulkTexts.cycle} prompt={bulkTexts.setCycle} onPick={(id) => onPick(id === NO_CYCLE ? null : id)}>
      <option value={NO_CYCLE}>{cycleTexts.noCycle}</option>
      {openCycles(cycles).map((cycle) => (
        <option key={cycle.id} value={cycle.id}>
          {cycleTexts.choice(cycle, today)}
        </option>
      ))}
    </Choice>
  );
}

/** A date for every picked issue, or none. */
function DueDate({ onPick }: { onPick(dueDate: string | null): void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={styles.visuallyHidden}>
        {bulkTexts.dueDate}
      </label>
      <input
        id={id}
        type="date"
        className={styles.date}
        value=""
        onChange={(event) => {
          if (event.target.value) onPick(event.target.value);
        }}
      />
      <button type="button" className={styles.button} onClick={() => onPick(null)}>
        {bulkTexts.clearDueDate}
      </button>
    </>
  );
}
