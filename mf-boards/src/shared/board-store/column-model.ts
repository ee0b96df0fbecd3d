import { COLUMN_NAME_MAX_LENGTH, WIP_LIMIT_MAX } from '@trackboard/contracts';
import { fieldRule, type FieldRules } from '@trackboard/web-kit';
import type { ColumnMeta } from './board-model';
import { columnMessages } from './column-messages';

// A board's columns as the lead arranges them, without React or the network.

/**
 * A column's fields as the server names them in a 400 ("name: is too long"), with the names the
 * forms show (read when shown, in the page's language).
 */
export const columnFieldRules = {
  name: fieldRule(() => columnMessages.columnNameField, { max: COLUMN_NAME_MAX_LENGTH }),
  wipLimit: fieldRule(() => columnMessages.wipLimitField),
} satisfies FieldRules;

/** How full a column is against its WIP limit: amber at it, red over it. */
export type WipState = 'none' | 'under' | 'at' | 'over';

export function wipState(count: number, limit: number | null): WipState {
  if (limit === null) return 'none';
  return count > limit ? 'over' : count === limit ? 'at' : 'under';
}

/** The WIP limit field's text as the request's value (empty is no limit), or why it is not one. */
export function parseWipLimit(text: string): { value: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null };
  if (!/^[+-]?\d+$/.test(trimmed)) return { error: columnMessages.wipLimitWhole };
  const value = Number(trimmed);
  if (value < 1) return { error: columnMessages.wipLimitAtLeast };
  if (value > WIP_LIMIT_MAX) return { error: columnMessages.wipLimitAtMost };
  return { value };
}

/** The columns with one moved to `position` (clamped), positions renumbered 0..n-1. */
export function moveColumnLocally(columns: ColumnMeta[], columnId: string, position: number): ColumnMeta[] {
  const moving = columns.find((column) => column.id === columnId);
  if (!moving) return columns;
  const others = columns.filter((column) => column.id !== columnId);
  const at = Math.max(0, Math.min(position, others.length));
  return [...others.slice(0, at), moving, ...others.slice(at)].map((column, index) =>
    column.position === index ? column : { ...column, position: index },
  );
}

/**
 * Where a column dragged from `fromIndex` lands when dropped on the column at `targetIndex`, on
 * its left or right half: its index once it has left its old place.
 */
export function droppedColumnIndex(fromIndex: number, targetIndex: number, side: 'before' | 'after'): number {
  const insertAt = targetIndex + (side === 'after' ? 1 : 0);
  return fromIndex < insertAt ? insertAt - 1 : insertAt;
}
