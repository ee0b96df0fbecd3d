import {
  estimateLabel,
  type BoardUser,
  type EstimateScale,
  type IssueDto,
  type IssueFieldChanges,
  type LabelDto,
} from '@trackboard/contracts';
import { RelativeTime, showToast } from '@trackboard/web-kit';
import { memo, useEffect, useState, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { describeDue, dueState, formatDueDate } from '../../shared/due-date';
import { PriorityIcon, TypeIcon, typeLabel } from '../../shared/issue-icons';
import { LabelChip } from '../../shared/label-chip';
import { UserAvatar } from '../../shared/user-avatar';
import { DeferredSelect } from './deferred-select';
import { assigneeName, labelsOf } from './sorted-issues';
import { listTexts } from './list-texts';
import styles from './issue-list.module.css';

/** What every row reads of the board: made once per change of the board, not per row. */
export interface RowContext {
  columns: readonly { id: string; name: string }[];
  users: readonly BoardUser[];
  usersById: ReadonlyMap<string, BoardUser>;
  labelsById: ReadonlyMap<string, LabelDto>;
  scale: EstimateScale;
  /** The project is archived: every field shows its value, none is edited. */
  readOnly: boolean;
  /** `YYYY-MM-DD`, for the due date's colour. */
  today: string;
}

const priorities = Object.keys(uiMessages.priorityNames) as IssueDto['priority'][];

/** A full date the server takes (a date input passes through years like 0002 while one is typed). */
const completeDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900;

/**
 * A change made in the row, through the store's own update (the dialog's path: the same
 * conflict check, the same handling of a lost connection). The row shows the choice at once and
 * goes back to the issue as the store has it once the answer is in; a refusal is said in a toast,
 * since no dialog is open to show it.
 */
function useRowEdit(issue: IssueDto) {
  const [pending, setPending] = useState<IssueFieldChanges | null>(null);
  const save = async (changes: IssueFieldChanges) => {
    setPending(changes);
    const outcome = await useBoardStore.getState().updateIssue(issue.id, changes);
    setPending(null);
    if (outcome === 'saved') return;
    const { issueConflict, issueUpdateError } = useBoardStore.getState();
    showToast({
      text:
        outcome === 'conflict'
          ? (issueConflict ?? uiMessages.updateIssueFailed)
          : uiMessages.updateError(issueUpdateError ?? uiMessages.updateIssueFailed),
      tone: outcome === 'conflict' ? 'info' : 'error',
    });
  };
  const shown = <F extends keyof IssueFieldChanges & keyof IssueDto>(field: F) =>
    pending && field in pending ? pending[field] : issue[field];
  return { save, shown };
}

interface IssueRowProps {
  issue: IssueDto;
  /** Its place in the virtual list (`data-index`, for the virtualiser and the focus). */
  index: number;
  /** Its place in the grid, header row included, from 1 (`aria-rowindex`). */
  rowIndex: number;
  /** The list's one tab stop. */
  current: boolean;
  /** The key the list knows the row by (an issue is in several label groups). */
  rowKey: string;
  context: RowContext;
  onOpen(issueId: string): void;
  /**
   * Draws the cell before the key (bulk selection's checkbox): the list gives it a column of its
   * own. A function kept the same across renders, so the row's memo holds.
   */
  leading?: (issue: IssueDto) => ReactNode;
  /** Where the virtualiser places it, in px from the top of the rows. */
  top: number;
  height: number;
}

/** Clicks on these edit the row or are its own buttons; a click anywhere else opens the issue. */
const ownClick = 'button, select, input, a, label, [data-leading]';

/**
 * One issue's row: drawn again only when its issue, its place or whether it is current changes
 * (not on every scroll step that redraws the list).
 *
 * Its editors (the menus and the date picker, native controls with inner parts of their own) are
 * drawn only once the row may be used: while it is the current row (the keys and Tab reach only
 * its fields), or from the moment the pointer or the focus comes into it. Until then its fields
 * show their values as text, as an archived project's do. Scrolling through thousands of rows then
 * mounts, lays out and paints a few plain elements per row instead of four form controls, which
 * kept every frame of a fast scroll over 50 ms.
 */
export const IssueRow = memo(function IssueRow({
  issue,
  index,
  rowIndex,
  current,
  rowKey,
  context,
  onOpen,
  leading,
  top,
  height,
}: IssueRowProps) {
  const { columns, users, usersById, labelsById, scale, today } = context;
  const { save, shown } = useRowEdit(issue);
  // Once engaged the row keeps its editors until it scrolls away: taking them back when the
  // pointer leaves would end a choice or a date still being typed.
  const [engaged, setEngaged] = useState(false);
  const engage = () => {
    if (!engaged) setEngaged(true);
  };
  // The fields as text: the project is archived, or the row is not yet in use.
  const asText = context.readOnly || !(current || engaged);
  const labels = labelsOf(issue, labelsById);
  const assignee = issue.assigneeId ? usersById.get(issue.assigneeId) : undefined;
  const name = assigneeName(issue, usersById);
  const columnId = shown('columnId');
  const status = columns.find((column) => column.id === columnId)?.name ?? '';
  const assigneeId = shown('assigneeId') ?? '';
  const priority = shown('priority') ?? issue.priority;
  const estimate = scale !== 'none' && issue.estimate != null ? estimateLabel(scale, issue.estimate) : '';
  const due = issue.dueDate ? (issue.status === 'DONE' ? 'later' : dueState(issue.dueDate, today)) : null;
  const of = (field: string) => listTexts.fieldOf(field, issue.key);
  const tabIndex = current ? 0 : -1;
  let column = leading ? 1 : 0;
  // `lays` lays out the cell's parts (an icon or avatar beside words, chips) on the cell itself:
  // no wrapper element in thousands of rows.
  const cell = (field: string, children: ReactNode, lays?: string) => (
    <div role="gridcell" aria-colindex={++column} className={`${styles.cell} ${lays ?? ''}`} data-column={field}>
      {children}
    </div>
  );

  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      className={`${styles.row} ${current ? styles.current : ''}`}
      // Placed by `top`, not a transform: a transform gives each row a node of its own in the
      // compositor's trees, built and sent again for every fresh row of a fast scroll's frames.
      style={{ height, top }}
      data-index={index}
      data-row-key={rowKey}
      data-issue-row={issue.id}
      onPointerEnter={engage}
      onFocus={engage}
      onClick={(event) => {
        if (!(event.target as Element).closest(ownClick)) onOpen(issue.id);
      }}
    >
      {leading ? (
        <div role="gridcell" aria-colindex={1} className={styles.cell} data-column="leading" data-leading>
          {leading(issue)}
        </div>
      ) : null}
      {cell('key', <span className={styles.key}>{issue.key}</span>)}
      {cell(
        'title',
        <button
          type="button"
          className={styles.titleButton}
          tabIndex={tabIndex}
          data-row-focus
          onClick={() => onOpen(issue.id)}
        >
          {issue.title || uiMessages.noTitle}
        </button>,
      )}
      {cell(
        'status',
        asText ? (
          <span className={styles.fieldText}>{status}</span>
        ) : (
          <DeferredSelect
            label={of(listTexts.columns.status)}
            tabIndex={tabIndex}
            value={columnId ?? ''}
            chosen={{ value: columnId ?? '', label: status }}
            choices={() => [
              ...(columnId ? [] : [{ value: '', label: '' }]),
              ...columns.map((option) => ({ value: option.id, label: option.name })),
            ]}
            onChoose={(next) => {
              if (next && next !== issue.columnId) void save({ columnId: next });
            }}
          />
        ),
      )}
      {cell(
        'assignee',
        <>
          {name ? <UserAvatar name={name} url={assignee?.avatarUrl ?? null} /> : null}
          {asText ? (
            <span className={styles.fieldText}>{name || listTexts.unassigned}</span>
          ) : (
            <DeferredSelect
              label={of(listTexts.columns.assignee)}
              tabIndex={tabIndex}
              value={assigneeId}
              chosen={{ value: assigneeId, label: name || listTexts.unassigned }}
              choices={() => [
                { value: '', label: listTexts.unassigned },
                // Someone no longer on the board's team is still shown as the assignee.
                ...(assigneeId && !usersById.has(assigneeId) ? [{ value: assigneeId, label: name }] : []),
                ...users.map((user) => ({ value: user.id, label: user.name })),
              ]}
              onChoose={(value) => {
                const next = value || null;
                if (next !== issue.assigneeId) void save({ assigneeId: next });
              }}
            />
          )}
        </>,
        styles.person,
      )}
      {cell(
        'labels',
        labels.map((label) => <LabelChip key={label.id} label={label} />),
        styles.labels,
      )}
      {cell(
        'priority',
        <>
          <PriorityIcon priority={priority} decorative />
          {asText ? (
            <span className={styles.fieldText}>{uiMessages.priorityNames[priority] ?? priority}</span>
          ) : (
            <DeferredSelect
              label={of(listTexts.columns.priority)}
              tabIndex={tabIndex}
              value={priority}
              chosen={{ value: priority, label: uiMessages.priorityNames[priority] ?? priority }}
              choices={() => priorities.map((option) => ({ value: option, label: uiMessages.priorityNames[option] }))}
              onChoose={(value) => {
                const next = value as IssueDto['priority'];
                if (next !== issue.priority) void save({ priority: next });
              }}
            />
          )}
        </>,
        styles.withIcon,
      )}
      {cell(
        'type',
        <>
          <TypeIcon type={issue.type} decorative />
          {typeLabel(issue.type)}
        </>,
        styles.withIcon,
      )}
      {cell('estimate', estimate)}
      {cell(
        'due',
        asText ? (
          issue.dueDate ? (
            <span className={`${styles.fieldText} ${due ? styles[due] : ''}`} title={describeDue(issue.dueDate, today)}>
              {formatDueDate(issue.dueDate, today)}
            </span>
          ) : null
        ) : (
          <DueInput
            value={shown('dueDate') ?? null}
            label={of(listTexts.columns.due)}
            tone={due ? styles[due] : undefined}
            tabIndex={tabIndex}
            onSave={(dueDate) => void save({ dueDate })}
          />
        ),
      )}
      {cell('updated', <RelativeTime at={issue.updatedAt} />)}
    </div>
  );
});

/**
 * The due date: the browser's own date picker. A complete date is saved as soon as it is chosen;
 * an emptied box only when it is left, since a date typed over part by part passes through
 * empty on the way.
 */
function DueInput({
  value,
  label,
  tone,
  tabIndex,
  onSave,
}: {
  value: string | null;
  label: string;
  tone: string | undefined;
  tabIndex: number;
  onSave(dueDate: string | null): void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  return (
    <input
      type="date"
      className={`${styles.dateInput} ${tone ?? ''}`}
      aria-label={label}
      tabIndex={tabIndex}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value);
        if (completeDate(event.target.value) && event.target.value !== value) onSave(event.target.value);
      }}
      onBlur={() => {
        if (draft === '' && value !== null) onSave(null);
      }}
    />
  );
}
