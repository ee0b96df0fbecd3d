import type { BoardUser, IssueDto } from '@trackboard/contracts';
import { useBoardStore } from '../board/store';
import { Markdown, MarkdownEditor } from '../markdown';
import { AssigneeField } from './assignee-field';
import { EditableField } from './editable-field';
import { IssueProperties } from './issue-properties';
import { LabelsField } from './labels-field';
import { LinksList, splitLinks } from './links-list';
import type { EditOutcome, IssueFieldChanges } from './types';

interface IssueFieldsProps {
  issue: IssueDto;
  users: BoardUser[];
  onUpdate(changes: IssueFieldChanges): Promise<EditOutcome>;
}

/** The dialog's left pane (spec §2.12, issue 12): the properties, then the click-to-edit fields. */
export function IssueFields({ issue, users, onUpdate }: IssueFieldsProps) {
  // The board's labels and a new label come from the board store: every dialog of the board shares them.
  const labels = useBoardStore((state) => state.labels);
  const createLabel = useBoardStore((state) => state.createLabel);

  return (
    <div>
      <IssueProperties issue={issue} onUpdate={onUpdate} />
      <AssigneeField issue={issue} users={users} onUpdate={onUpdate} />
      <LabelsField issue={issue} labels={labels} onUpdate={onUpdate} onCreateLabel={createLabel} />
      <EditableField
        label="Description"
        value={issue.description ?? ''}
        placeholder="Detailed description of the issue"
        renderValue={(text) => <Markdown text={text} />}
        editor={MarkdownEditor}
        onSave={(description) => onUpdate({ description })}
      />
      <EditableField
        label="Related Code"
        value={issue.relatedCode ?? ''}
        placeholder="Paste relevant code snippets here..."
        monospace
        onSave={(relatedCode) => onUpdate({ relatedCode })}
      />
      <EditableField
        label="Links"
        value={(issue.links ?? []).join('\n')}
        placeholder="Enter links, one per line"
        renderValue={(text) => <LinksList links={splitLinks(text)} />}
        onSave={(text) => onUpdate({ links: splitLinks(text) })}
      />
      <EditableField
        label="Instructions"
        value={issue.instructions ?? ''}
        placeholder="Provide instructions for scheduled tasks..."
        onSave={(instructions) => onUpdate({ instructions })}
      />
    </div>
  );
}
