import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseListParams, writeListParams, type GroupField, type ListSort } from './list-params';

/**
 * The list's sort and grouping in the address. Each is written in place of the last (a replace):
 * they arrange what is shown, and a run of header clicks should not fill the Back button.
 */
export function useListAddress() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const arrangement = useMemo(() => parseListParams(search), [search]);
  const write = useCallback(
    (changes: { sort?: ListSort | null; group?: GroupField | null }) => {
      const next = writeListParams(search, changes);
      if (next !== search) navigate({ search: next }, { replace: true });
    },
    [search, navigate],
  );
  const setSort = useCallback((sort: ListSort | null) => write({ sort }), [write]);
  const setGroup = useCallback((group: GroupField | null) => write({ group }), [write]);
  return { ...arrangement, setSort, setGroup };
}
