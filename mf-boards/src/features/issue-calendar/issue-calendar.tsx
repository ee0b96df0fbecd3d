import type { IssueDto } from '@trackboard/contracts';
import { useMediaQuery } from '@trackboard/web-kit';
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DndProvider } from 'react-dnd';
import { usePreview } from 'react-dnd-multi-backend';
import { localToday } from '../../shared/due-date';
import { dndPipeline, MultiBackend } from '../board';
import type { ChipContext, DraggedChip } from './calendar-chip';
import { addDays, addMonths, monthTitle, weekTitle, type Day } from './calendar-dates';
import { calendarIssues } from './calendar-model';
import { calendarTexts as t } from './calendar-texts';
import { MonthGrid } from './month-grid';
import { UndatedList } from './undated-list';
import { useReschedule } from './use-reschedule';
import { WeekDays } from './week-days';
import styles from './issue-calendar.module.css';

export interface IssueCalendarProps {
  /** The board's issues as the filter shows them. */
  issues: IssueDto[];
  onOpen(issueId: string): void;
  /** The project is archived: the chips open their issues, and nothing is moved. */
  readOnly: boolean;
  /** The clock, for today and the month first shown: a test's fixed day. */
  now?: () => Date;
}

/** A phone shows a week rather than a month: seven cells abreast are too narrow for a chip. */
export const PHONE_QUERY = '(max-width: 600px)';

const systemNow = () => new Date();

/**
 * The board's issues by due date: a month on a desktop, a week on a phone, and beside (or below)
 * it the issues without one. A chip dragged to another day, or moved there by Alt+Arrow, takes
 * that day as its due date; dragged onto the undated list it loses it.
 */
export function IssueCalendar(props: IssueCalendarProps) {
  return (
    // The board's own drag and drop: the mouse with HTML5, a long press with the touch backend.
    <DndProvider backend={MultiBackend} options={dndPipeline}>
      <Calendar {...props} />
      <TouchChipPreview />
    </DndProvider>
  );
}

function Calendar({ issues, onOpen, readOnly, now = systemNow }: IssueCalendarProps) {
  const today = localToday(now());
  const phone = useMediaQuery(PHONE_QUERY);
  const [shown, setShown] = useState<Day>(today);
  const [expanded, setExpanded] = useState<ReadonlySet<Day>>(new Set());
  const [notice, setNotice] = useState<{ text: string; seq: number } | null>(null);
  const announce = useCallback((text: string) => setNotice((last) => ({ text, seq: (last?.seq ?? 0) + 1 })), []);
  const { pending, reschedule } = useReschedule(announce);
  const titleId = useId();
  const hintId = useId();
  const root = useRef<HTMLDivElement>(null);
  /** The chip moved by keyboard: it is drawn in another cell, and keeps the focus there. */
  const refocus = useRef<string | null>(null);

  const { byDay, undated } = useMemo(
    () =>
      calendarIssues(
        pending.size
          ? issues.map((issue) => (pending.has(issue.id) ? { ...issue, dueDate: pending.get(issue.id)! } : issue))
          : issues,
      ),
    [issues, pending],
  );

  useLayoutEffect(() => {
    if (!refocus.current) return;
    const id = refocus.current;
    const chip = [...(root.current?.querySelectorAll<HTMLElement>('[data-chip]') ?? [])].find(
      (c) => c.dataset.chip === id,
    );
    if (chip && chip !== document.activeElement) chip.focus();
    refocus.current = null;
  });

  const onExpand = useCallback(
    (day: Day, open: boolean) =>
      setExpanded((now) => {
        const next = new Set(now);
        if (open) next.add(day);
        else next.delete(day);
        return next;
      }),
    [],
  );

  const chip = useMemo<ChipContext>(
    () => ({
      today,
      readOnly,
      hintId,
      onOpen,
      onKeyMove: (issue, dueDate) => {
        // The view follows the chip to its new day, open enough to show it.
        refocus.current = issue.id;
        setShown(dueDate);
        setExpanded((now) => new Set(now).add(dueDate));
        reschedule(issue, dueDate);
      },
    }),
    [today, readOnly, hintId, onOpen, reschedule],
  );

  const step = (direction: -1 | 1) =>
    setShown((day) => (phone ? addDays(day, 7 * direction) : addMonths(day, direction)));
  const Days = phone ? WeekDays : MonthGrid;

  return (
    <div ref={root} className={`${styles.calendar} ${phone ? styles.phone : ''}`}>
      <div className={styles.main}>
        <div className={styles.toolbar}>
          <h2 id={titleId} className={styles.title} aria-live="polite">
            {phone ? weekTitle(shown) : monthTitle(shown)}
          </h2>
          <div className={styles.steps}>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={phone ? t.previousWeek : t.previousMonth}
              onClick={() => step(-1)}
            >
              {t.previous}
            </button>
            <button type="button" className={styles.stepButton} onClick={() => setShown(today)}>
              {t.today}
            </button>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={phone ? t.nextWeek : t.nextMonth}
              onClick={() => step(1)}
            >
              {t.next}
            </button>
          </div>
        </div>
        <Days
          shown={shown}
          byDay={byDay}
          expanded={expanded}
          onExpand={onExpand}
          onDrop={reschedule}
          chip={chip}
          titleId={titleId}
        />
      </div>
      <UndatedList issues={undated} onDrop={reschedule} chip={chip} />
      <p id={hintId} hidden>
        {t.moveHint}
      </p>
      <div className={styles.visuallyHidden} aria-live="polite" aria-atomic="true" data-testid="calendar-announcer">
        {notice ? <span key={notice.seq}>{notice.text}</span> : null}
      </div>
    </div>
  );
}

/** What follows the finger during a touch drag: the touch backend has no drag image of its own. */
function TouchChipPreview() {
  const preview = usePreview<DraggedChip, HTMLDivElement>();
  if (!preview.display) return null;
  return (
    <div ref={preview.ref} style={preview.style} className={styles.touchPreview} aria-hidden="true">
      {preview.item.issue.key} {preview.item.issue.title}
    </div>
  );
}
