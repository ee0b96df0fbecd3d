import {
  estimateLabel,
  estimateValues,
  issuePriorities,
  issueTypes,
  type EstimateScale,
  type IssueDto,
} from '@trackboard/contracts';
import { RelativeTime } from '@trackboard/web-kit';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { PriorityIcon, TypeIcon } from '../../shared/issue-icons';
import { ChoiceSelect } from './choice-select';
import { CycleProperty } from './cycle-property';
import { DueDateInput } from './due-date-input';
import type { UpdateIssue } from '../../shared/board-store';
import propertyStyles from './properties.module.css';

const typeChoices = () =>
  issueTypes.map((type) => ({ value: type, name: uiMessages.typeNames[type], icon: <TypeIcon type={type} /> }));
const priorityChoices = () =>
  issuePriorities.map((priority) => ({
    value: priority,
    name: uiMessages.priorityNames[priority],
    icon: <PriorityIcon priority={priority} />,
  }));

/** The select's value for no estimate (a select's values are text, and none may be empty). */
const NO_ESTIMATE = 'none';
const estimateChoices = (scale: EstimateScale) => [
  { value: NO_ESTIMATE, name: uiMessages.noneChoice },
  ...estimateValues.map((value) => ({ value: String(value), name: estimateLabel(scale, value) })),
];

/**
 * The issue's properties: type, priority, estimate (when the project uses estimates), cycle (when
 * its cycles are on) and due date to change; who reported it, when it was created and updated.
 */
export function IssueProperties({ issue, onUpdate }: { issue: IssueDto; onUpdate: UpdateIssue }) {
  // Someone no longer on the board's team (removed, deleted) is named as the comments name them.
  const reporter = useBoardStore((state) => state.users.find((user) => user.id === issue.reporterId));
  const scale = useBoardStore((state) => state.board?.estimateScale ?? 'none');
  const { fields } = uiMessages;
  return (
    <dl className={propertyStyles.properties}>
      <dt>{fields.type}</dt>
      <dd>
        <ChoiceSelect
          label={fields.type}
          value={issue.type}
          choices={typeChoices()}
          onChoose={(type) => void onUpdate({ type })}
        />
      </dd>
      <dt>{fields.priority}</dt>
      <dd>
        <ChoiceSelect
          label={fields.priority}
          value={issue.priority}
          choices={priorityChoices()}
          onChoose={(priority) => void onUpdate({ priority })}
        />
      </dd>
      {scale === 'none' ? null : (
        <>
          <dt>{fields.estimate}</dt>
          <dd>
            <ChoiceSelect
              label={fields.estimate}
              value={issue.estimate === null ? NO_ESTIMATE : String(issue.estimate)}
              choices={estimateChoices(scale)}
              onChoose={(value) => void onUpdate({ estimate: value === NO_ESTIMATE ? null : Number(value) })}
            />
          </dd>
        </>
      )}
      <CycleProperty issue={issue} onUpdate={onUpdate} />
      <dt>{fields.dueDate}</dt>
      <dd>
        <DueDateInput value={issue.dueDate ?? null} onSave={(dueDate) => void onUpdate({ dueDate })} />
      </dd>
      <dt>{fields.reporter}</dt>
      <dd>{reporter?.name ?? uiMessages.unknownUser}</dd>
      <dt>{fields.created}</dt>
      <dd>
        <RelativeTime at={issue.createdAt} />
      </dd>
      <dt>{fields.updated}</dt>
      <dd>
        <RelativeTime at={issue.updatedAt} />
      </dd>
    </dl>
  );
}
