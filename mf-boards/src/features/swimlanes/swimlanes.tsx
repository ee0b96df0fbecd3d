import type { IssueDto, IssueFieldChanges } from '@trackboard/contracts';
import { showToast } from '@trackboard/web-kit';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { DndProvider } from 'react-dnd';
import { useShallow } from 'zustand/react/shallow';
import { offerUndo, useBoardStore } from '../../shared/board-store';
import type { BoardColumn, MoveRequest } from '../../shared/board-store/board-model';
import { useBoardReadOnly } from '../../shared/board-store/use-board-access';
import { setSelectionOrder } from '../../shared/issue-selection';
import { dndPipeline, MultiBackend, TouchDragPreview, useCanArrange, useReturnFocus } from '../board';
import type { LaneField } from './group-by-param';
import { LaneHeaders } from './lane-headers';
import { fullColumnMove } from '../../shared/full-column-move';
import { buildLanes, cellId, cellOf, laneChange } from './lane-model';
import { LaneRow } from './lane-row';
import { swimlaneTexts } from './swimlane-texts';
import styles from './swimlanes.module.css';

export interface SwimlanesProps {
  /** The lanes' element id: where the page's "Skip to board" link leads. */
  id: string;
  groupBy: LaneField;
  /** The columns as the filter shows them. */
  columns: BoardColumn[];
  /** While a filter hides cards: each column's full count, by column id. */
  totals?: ReadonlyMap<string, number>;
  /** A move among the columns' shown cards (the page places it in the full column). */
  onMove(move: MoveRequest): void;
  onOpen(issueId: string): void;
}

const store = useBoardStore.getState;

/** The fields `changes` sets, as `issue` has them: the change that takes it back. */
const backTo = (issue: IssueDto, changes: IssueFieldChanges): IssueFieldChanges =>
  Object.fromEntries(
    Object.keys(changes).map((field) => [field, issue[field as keyof IssueFieldChanges & keyof IssueDto]]),
  );

/**
 * Sends a lane's change. Once saved it offers an Undo, as a card moved to another column does (that
 * move offers its own); a refusal is said in a toast, the board having no dialog to show it in.
 */
async function changeLane(issue: IssueDto, changes: IssueFieldChanges, laneTitle: string) {
  const outcome = await store().updateIssue(issue.id, changes);
  if (outcome === 'saved') {
    offerUndo(swimlaneTexts.movedToLane(issue.title, laneTitle), async () => {
      if ((await store().updateIssue(issue.id, backTo(issue, changes))) !== 'saved')
        throw new Error(store().issueConflict ?? store().issueUpdateError ?? swimlaneTexts.laneChangeFailed);
    });
    return;
  }
  const { issueConflict, issueUpdateError } = store();
  showToast({ text: issueConflict ?? issueUpdateError ?? swimlaneTexts.laneChangeFailed, tone: 'error' });
}

/**
 * The board in lanes (`?groupBy=assignee|priority|label`): the column headers once on top, then a
 * lane per assignee, priority or label (lane-model's `buildLanes` says which), each a row of the
 * board's columns with that lane's cards in their usual order. A card dropped in another lane changes that field as
 * well as its column and place (a move as on the board, then the issue's change); one with several
 * labels is in each of its labels' lanes. Lanes fold away; which are folded is kept while the
 * grouping stays.
 */
export function Swimlanes({ id, groupBy, columns, totals, onMove, onOpen }: SwimlanesProps) {
  const { users, labels } = useBoardStore(useShallow((s) => ({ users: s.users, labels: s.labels })));
  const notice = useBoardStore((s) => s.columnNotice);
  const readOnly = useBoardReadOnly();
  const canArrange = useCanArrange();
  // No totals: no filter hides a card, and every value gets its lane.
  const everyValue = totals === undefined;
  const lanes = useMemo(
    () => buildLanes(columns, groupBy, { users, labels }, { everyValue }),
    [columns, groupBy, users, labels, everyValue],
  );
  const rootRef = useRef<HTMLDivElement | null>(null);
  const instructionsId = useId();
  const headingPrefix = useId();
  const headingIdOf = useCallback((columnId: string) => `${headingPrefix}-column-${columnId}`, [headingPrefix]);

  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const onToggle = useCallback(
    (laneKey: string) =>
      setFolded((before) => {
        const next = new Set(before);
        if (!next.delete(`${groupBy}:${laneKey}`)) next.add(`${groupBy}:${laneKey}`);
        return next;
      }),
    [groupBy],
  );

  // What the last render drew, for a drop: the lanes change under a drag (a delta, a filter).
  const drawn = useRef({ columns, lanes });
  useLayoutEffect(() => {
    drawn.current = { columns, lanes };
  }, [columns, lanes]);
  const onLaneMove = useCallback(
    (move: MoveRequest) => {
      const from = cellOf(move.sourceColumnId);
      const to = cellOf(move.destinationColumnId);
      if (!from || !to) return;
      const lane = drawn.current.lanes.find((known) => known.key === to.laneKey);
      onMove(
        // The lane's cards are the ones shown; the column's others may sit between them.
        fullColumnMove(drawn.current.columns, lane?.cells ?? [], {
          ...move,
          sourceColumnId: from.columnId,
          destinationColumnId: to.columnId,
        }),
      );
      const issue = store().issues.find((known) => known.id === move.issueId);
      const changes = issue ? laneChange(issue, groupBy, from.laneKey, to.laneKey) : null;
      if (issue && changes) void changeLane(issue, changes, lane?.title ?? '');
    },
    [groupBy, onMove],
  );
  const onStep = useCallback((from: HTMLElement, by: 1 | -1) => {
    const cards = [...(rootRef.current?.querySelectorAll<HTMLElement>('[data-issue-id]') ?? [])];
    const at = cards.indexOf(from);
    if (at >= 0) cards[at + by]?.focus();
  }, []);

  // A shift-click picks the run of cards as drawn, each once.
  useEffect(
    () =>
      setSelectionOrder([...new Set(lanes.flatMap((lane) => lane.cells.flatMap((c) => c.issues.map((i) => i.id))))]),
    [lanes],
  );
  // The touch preview finds a dragged card by the cell it came from.
  const cells = useMemo(
    () => lanes.flatMap((lane) => lane.cells.map((column) => ({ ...column, id: cellId(lane.key, column.id) }))),
    [lanes],
  );
  // The dialog closed: the focus goes to its issue's card, in the first lane showing it (the card
  // then becomes its cell's tab stop).
  const focusFirstCard = useCallback((issueId: string) => {
    rootRef.current?.querySelector<HTMLElement>(`[data-issue-id="${issueId}"]`)?.focus();
  }, []);
  useReturnFocus(cells, focusFirstCard);

  return (
    <DndProvider backend={MultiBackend} options={dndPipeline}>
      <p id={instructionsId} className={styles.visuallyHidden}>
        {readOnly ? swimlaneTexts.instructionsReadOnly : swimlaneTexts.instructions}
      </p>
      <div
        ref={rootRef}
        id={id}
        className={styles.lanes}
        role="group"
        aria-label={swimlaneTexts.lanesOf[groupBy]}
        data-testid="board-lanes"
        style={{ '--lane-columns': columns.length } as CSSProperties}
      >
        <LaneHeaders columns={columns} totals={totals} canArrange={canArrange} headingIdOf={headingIdOf} />
        {groupBy === 'label' ? <p className={styles.note}>{swimlaneTexts.severalLabels}</p> : null}
        {lanes.length === 0 ? <p className={styles.note}>{swimlaneTexts.noIssues}</p> : null}
        {lanes.map((lane) => (
          <LaneRow
            key={lane.key}
            lane={lane}
            expanded={!folded.has(`${groupBy}:${lane.key}`)}
            onToggle={onToggle}
            headingIdOf={headingIdOf}
            readOnly={readOnly}
            instructionsId={instructionsId}
            onOpen={onOpen}
            onMove={onLaneMove}
            onStep={onStep}
          />
        ))}
      </div>
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="column-announcer">
        {/* A new node per notice: the same words twice in a row are said twice. */}
        {notice ? <span key={notice.seq}>{notice.text}</span> : null}
      </div>
      <TouchDragPreview columns={cells} />
    </DndProvider>
  );
}
