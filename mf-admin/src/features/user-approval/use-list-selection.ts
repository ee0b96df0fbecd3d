import type { AdminUserDto } from '@trackboard/contracts';
import { useState } from 'react';

/** A selection belongs to the list it was made on: another page, search or sort starts empty. */
type Selection = { list: string; ids: ReadonlySet<string> };

/** The users checked on the shown list (`list` names it: page, search and sort). */
export function useListSelection(list: string, users: AdminUserDto[]) {
  const [selection, setSelection] = useState<Selection>({ list, ids: new Set() });
  const selectedIds: ReadonlySet<string> = new Set(
    selection.list === list ? users.filter((user) => selection.ids.has(user.id)).map((user) => user.id) : [],
  );
  const selectedUsers = users.filter((user) => selectedIds.has(user.id));

  const select = (ids: Iterable<string>) => setSelection({ list, ids: new Set(ids) });
  const toggle = (userId: string) =>
    select(selectedIds.has(userId) ? [...selectedIds].filter((id) => id !== userId) : [...selectedIds, userId]);
  const toggleAll = () => select(selectedIds.size === users.length ? [] : users.map((user) => user.id));
  return { selectedIds, selectedUsers, select, toggle, toggleAll };
}
