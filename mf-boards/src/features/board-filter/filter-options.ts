import { estimateLabel, type BoardUser, type EstimateScale, type LabelDto } from '@trackboard/contracts';
import { uiMessages } from '../../ui-messages';
import {
  dueBuckets,
  estimateChoices,
  ME,
  NO_ESTIMATE,
  priorities,
  types,
  UNASSIGNED,
  type BoardFilter,
  type ListField,
} from './filter-params';

export interface FilterOption {
  value: string;
  label: string;
  /** A label's colour, for its swatch. */
  color?: LabelDto['color'];
  /** The chip's whole text, when the field's name before the label would read oddly ("No estimate"). */
  chip?: string;
}

/** The fields whose menus the bar draws itself (the Cycle menu is a chunk of its own). */
export type MenuField = Exclude<ListField, 'cycle'>;
export type FilterOptions = Record<MenuField, FilterOption[]>;

/**
 * What each menu offers: "Me" and "Unassigned" before the members; the most urgent priority first;
 * the estimates as the project's scale shows them (as points while it uses none), then "No estimate".
 */
export function filterOptions(users: BoardUser[], labels: LabelDto[], scale: EstimateScale = 'none'): FilterOptions {
  return {
    assignee: [
      { value: ME, label: uiMessages.me },
      { value: UNASSIGNED, label: uiMessages.unassigned },
      ...users.map((user) => ({ value: user.id, label: user.name || user.email })),
    ],
    label: labels.map((label) => ({ value: label.id, label: label.name, color: label.color })),
    priority: [...priorities].reverse().map((value) => ({ value, label: uiMessages.priorityNames[value] })),
    type: types.map((value) => ({ value, label: uiMessages.typeNames[value] })),
    due: dueBuckets.map((value) => ({ value, label: uiMessages.dueBuckets[value] })),
    estimate: estimateChoices.map((value) =>
      value === NO_ESTIMATE
        ? { value, label: uiMessages.noEstimate, chip: uiMessages.noEstimate }
        : { value, label: estimateLabel(scale, Number(value)) },
    ),
  };
}

export interface FilterChip {
  field: ListField;
  value: string;
  /** "Assignee: Me", "Labels: Backend". */
  text: string;
}

/** One chip per chosen value, field by field; a value the board does not know (yet) shows as itself. */
export function filterChips(filter: BoardFilter, options: FilterOptions): FilterChip[] {
  return (Object.keys(options) as MenuField[]).flatMap((field) =>
    (filter[field] as string[]).map((value) => {
      const option = options[field].find((known) => known.value === value);
      const label = option?.label ?? value;
      const name = uiMessages.filterChipFields[field];
      return { field, value, text: option?.chip ?? (name ? `${name}: ${label}` : label) };
    }),
  );
}
