import { cycleFilters, type CycleFilter } from '@trackboard/contracts';
import { useProjectCycles } from '../../shared/project-cycles';
import { cycleFilterTexts } from './cycle-filter-texts';
import { FilterChip } from './filter-chip';
import { FilterMenu } from './filter-menu';

const options = () => cycleFilters.map((value) => ({ value, label: cycleFilterTexts.choices[value] }));

export interface CycleFilterProps {
  chosen: CycleFilter[];
  onToggle(value: CycleFilter): void;
}

/** The Cycle menu, once the project's cycles say they are on (or the address still chooses some). */
export function CycleFilterMenu({ chosen, onToggle }: CycleFilterProps) {
  const cycles = useProjectCycles();
  if (!cycles?.settings.enabled && chosen.length === 0) return null;
  return (
    <FilterMenu
      name={cycleFilterTexts.menu}
      options={options()}
      chosen={chosen}
      onToggle={(value) => onToggle(value as CycleFilter)}
    />
  );
}

/** A chip per chosen cycle choice, for the bar's list of active filters. */
export function CycleFilterChips({ chosen, onToggle }: CycleFilterProps) {
  return (
    <>
      {chosen.map((value) => (
        <FilterChip key={value} text={cycleFilterTexts.choices[value]} onRemove={() => onToggle(value)} />
      ))}
    </>
  );
}
