import type { BoardUser, IssueDto, IssueFieldChanges } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { useCallback, type ReactNode } from 'react';
import { uiMessages } from '../../ui-messages';
import { useBoardStore } from '../../shared/board-store';
import { Markdown, MarkdownEditor, type OnTick } from '../markdown';
import { AssigneeField } from './assignee-field';
import type { EditBasis } from './click-to-edit';
import { draftKeys } from '../../shared/draft-store';
import { EditableField } from './editable-field';
import { IssueProperties } from './issue-properties';
import { LabelsField } from './labels-field';
import { LinksList, splitLinks } from './links-list';
import { useChangedBy } from './live-changes';
import { useDialogReadOnly } from './read-only';
import { tickedLocally } from './task-ticked';
import type { UpdateIssue } from '../../shared/board-store';

interface IssueFieldsProps {
  issue: IssueDto;
  users: BoardUser[];
  onUpdate: UpdateIssue;
  /** The issue's files, under its description. */
  attachments?: ReactNode;
}

/** The dialog's left pane: the properties, then the click-to-edit fields. */
export function IssueFields({ issue, users, onUpdate, attachments }: IssueFieldsProps) {
  // The board's labels and a new label come from the board store: every dialog of the board shares them.
  const labels = useBoardStore((state) => state.labels);
  const createLabel = useBoardStore((state) => state.createLabel);
  const tickTask = useBoardStore((state) => state.tickTask);
  // Whoever may edit the issue ticks its description's tasks; in an archived project they stay marks.
  const readOnly = useDialogReadOnly();
  const tick = useCallback<OnTick>(
    (index, task, checked) =>
      void tickTask(
        issue.id,
        { index, text: task.text, checked },
        tickedLocally(issue, index, { checked, text: task.text }),
      ),
    [tickTask, issue],
  );
  const userId = useSession((state) => state.user?.id);
  const changedBy = {
    description: useChangedBy('description'),
    relatedCode: useChangedBy('relatedCode'),
    links: useChangedBy('links'),
    instructions: useChangedBy('instructions'),
  };

  /** A text field's save: its change, and where the edit began in the same form. */
  const saving = (change: (text: string) => IssueFieldChanges) => (text: string, from: EditBasis) =>
    onUpdate(change(text), { version: from.version, base: change(from.value) });

  return (
    <div>
      <IssueProperties issue={issue} onUpdate={onUpdate} />
      <AssigneeField issue={issue} users={users} onUpdate={onUpdate} />
      <LabelsField issue={issue} labels={labels} onUpdate={onUpdate} onCreateLabel={createLabel} />
      <EditableField
        field="description"
        label={uiMessages.issueDescriptionField}
        value={issue.description ?? ''}
        version={issue.version}
        placeholder={uiMessages.descriptionPlaceholder}
        renderValue={(text) => <Markdown text={text} onTick={readOnly ? undefined : tick} />}
        editor={MarkdownEditor}
        changedBy={changedBy.description}
        // The description is the long one: its unsaved draft is kept, per person and issue.
        draftKey={userId ? draftKeys.description(userId, issue.id) : undefined}
        onSave={saving((description) => ({ description }))}
      />
      {attachments}
      <EditableField
        field="relatedCode"
        label={uiMessages.issueRelatedCodeField}
        value={issue.relatedCode ?? ''}
        version={issue.version}
        placeholder={uiMessages.relatedCodePlaceholder}
        monospace
        changedBy={changedBy.relatedCode}
        onSave={saving((relatedCode) => ({ relatedCode }))}
      />
      <EditableField
        field="links"
        label={uiMessages.fields.links}
        value={(issue.links ?? []).join('\n')}
        version={issue.version}
        placeholder={uiMessages.linksPlaceholder}
        renderValue={(text) => <LinksList links={splitLinks(text)} />}
        changedBy={changedBy.links}
        onSave={saving((text) => ({ links: splitLinks(text) }))}
      />
      <EditableField
        field="instructions"
        label={uiMessages.issueInstructionsField}
        value={issue.instructions ?? ''}
        version={issue.version}
        placeholder={uiMessages.instructionsPlaceholder}
        changedBy={changedBy.instructions}
        onSave={saving((instructions) => ({ instructions }))}
      />
    </div>
  );
}
