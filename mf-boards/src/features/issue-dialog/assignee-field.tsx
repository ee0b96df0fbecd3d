import type { BoardUser, IssueDto } from '@trackboard/contracts';
import { useSession } from '@trackboard/web-kit';
import { Command } from 'cmdk';
import { useState } from 'react';
import { uiMessages } from '../../ui-messages';
import { UserAvatar } from '../../shared/user-avatar';
import { EditActions } from './click-to-edit';
import { FieldShell } from './field-shell';
import { PickerFrame } from './picker-frame';
import type { IssueFieldChanges } from '@trackboard/contracts';
import type { EditOutcome } from '../../shared/board-store';
import picker from './pickers.module.css';

interface AssigneeFieldProps {
  issue: IssueDto;
  /** The project's members: the people an issue can be assigned to. */
  users: BoardUser[];
  onUpdate(changes: IssueFieldChanges): Promise<EditOutcome>;
}

/**
 * The Owner field as an assignee picker: search the members as you
 * type (name, e-mail or id), "Assign to me", "Unassigned". Choosing one saves it; Save with
 * typed text sends it as the owner, which the server matches to a member.
 */
export function AssigneeField({ issue, users, onUpdate }: AssigneeFieldProps) {
  const [editing, setEditing] = useState(false);
  const [query, setQuery] = useState('');
  const [saving, setSaving] = useState(false);
  const me = useSession((state) => state.user);
  const myId = me?.id;
  const assignee = users.find((user) => user.id === issue.assigneeId);
  // Before assignees, the owner could be a member's id: show the name.
  const shownName = assignee?.name ?? users.find((user) => user.id === issue.owner)?.name ?? issue.owner;
  const canAssignMe = !!myId && myId !== issue.assigneeId && users.some((user) => user.id === myId);

  const start = () => {
    setQuery('');
    setEditing(true);
  };
  const save = async (changes: IssueFieldChanges) => {
    setSaving(true);
    const outcome = await onUpdate(changes);
    setSaving(false);
    if (outcome !== 'failed') setEditing(false);
  };
  const choose = (assigneeId: string | null) =>
    assigneeId === (issue.assigneeId ?? null) ? setEditing(false) : void save({ assigneeId });
  const saveText = () => (query.trim() ? void save({ owner: query.trim() }) : setEditing(false));

  return (
    <FieldShell
      label={uiMessages.fields.owner}
      editing={editing}
      onEdit={start}
      value={
        shownName ? (
          <span className={picker.person}>
            <UserAvatar name={shownName} url={assignee?.avatarUrl ?? null} size="medium" />
            {shownName}
          </span>
        ) : null
      }
    >
      {(labelId) => (
        <div>
          <PickerFrame
            label={uiMessages.fields.assignee}
            labelId={labelId}
            placeholder={uiMessages.personPlaceholder}
            query={query}
            onQueryChange={setQuery}
            onClose={() => setEditing(false)}
            disabled={saving}
          >
            <Command.Empty className={picker.pickerEmpty}>{uiMessages.noMatchingPeople}</Command.Empty>
            {canAssignMe ? (
              <Command.Item
                className={picker.pickerItem}
                value="assign-to-me"
                keywords={[uiMessages.assignToMe, 'me', me?.name ?? '']}
                onSelect={() => choose(myId)}
              >
                {uiMessages.assignToMe}
              </Command.Item>
            ) : null}
            <Command.Item
              className={picker.pickerItem}
              value="unassigned"
              keywords={[uiMessages.unassigned, 'none']}
              onSelect={() => choose(null)}
            >
              <span className={picker.unassigned} aria-hidden="true" />
              {uiMessages.unassigned}
            </Command.Item>
            {users.map((user) => (
              <Command.Item
                key={user.id}
                className={picker.pickerItem}
                value={`user-${user.id}`}
                keywords={[user.name, user.email, user.id]}
                onSelect={() => choose(user.id)}
                aria-current={user.id === issue.assigneeId ? 'true' : undefined}
              >
                <UserAvatar name={user.name} url={user.avatarUrl} />
                <span className={picker.pickerName}>{user.name}</span>
                <span className={picker.pickerHint}>{user.email}</span>
              </Command.Item>
            ))}
          </PickerFrame>
          <EditActions saving={saving} onCancel={() => setEditing(false)} onSave={saveText} />
        </div>
      )}
    </FieldShell>
  );
}
