import type { IssueDto } from '@trackboard/contracts';
import type { UpdateIssue } from '../../shared/board-store';
import { localToday } from '../../shared/due-date';
import { cycleTexts, openCycles, useProjectCycles } from '../../shared/project-cycles';
import { ChoiceSelect } from './choice-select';
import { dialogTexts } from './dialog-texts';

/** The select's value for no cycle (a select's values are text, and none may be empty). */
const NO_CYCLE = 'none';

/**
 * The issue's cycle, while its project's cycles are on: none, the current one or one planned after
 * it. An issue in an ended cycle shows that one, not to be chosen again.
 */
export function CycleProperty({ issue, onUpdate }: { issue: IssueDto; onUpdate: UpdateIssue }) {
  const cycles = useProjectCycles();
  if (!cycles?.settings.enabled) return null;
  const today = localToday();
  const open = openCycles(cycles);
  const ended = cycles.cycles.find((cycle) => cycle.id === issue.cycleId && cycle.state === 'past');
  const choices = [
    { value: NO_CYCLE, name: cycleTexts.noCycle },
    ...(ended ? [{ value: ended.id, name: cycleTexts.choice(ended, today), disabled: true }] : []),
    ...open.map((cycle) => ({ value: cycle.id, name: cycleTexts.choice(cycle, today) })),
  ];
  return (
    <>
      <dt>{dialogTexts.cycle}</dt>
      <dd>
        <ChoiceSelect
          label={dialogTexts.cycle}
          value={issue.cycleId ?? NO_CYCLE}
          choices={choices}
          onChoose={(value) => {
            const cycleId = value === NO_CYCLE ? null : value;
            void onUpdate({ cycleId });
          }}
        />
      </dd>
    </>
  );
}
