import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  emptyFilter,
  isFilterActive,
  parseFilter,
  writeFilter,
  type BoardFilter,
  type ListField,
} from './filter-params';

/**
 * How long typing must pause before the address takes the text. Writing the address on every
 * keystroke redraws the whole app through the router (several ms a keystroke on a 5,000-issue
 * board) and runs into the browsers' limits on history calls (Chromium ignores more than 200 in
 * 10 s, Safari throws after 100): holding Backspace alone gets there.
 */
export const TYPING_PAUSE_MS = 250;

/**
 * The filter in the address. Typed text filters the board at once and reaches the
 * address when typing pauses (or the box loses focus, or the page is left); each choice (a menu
 * value, a chip removed, Clear) is written at once as a history entry of its own, so Back undoes
 * it. A search is one entry: its first write pushes, the ones refining it replace.
 */
export function useFilterAddress() {
  const { search } = useLocation();
  const navigate = useNavigate();
  /**
   * The address last written here while the router has not shown it yet. The router shows a
   * write in a transition, later; a control drawn from the address alone (a menu's checkbox)
   * would spring back for a moment after its click, so the filter is drawn from this meanwhile.
   */
  const [ahead, setAhead] = useState<string | null>(null);
  const inAddress = useMemo(() => parseFilter(ahead ?? search), [ahead, search]);
  /** The box's text while it may be ahead of the address; null: the box shows the address. */
  const [typed, setTyped] = useState<string | null>(null);
  const filter = useMemo(
    () => (typed === null || typed === inAddress.q ? inAddress : { ...inAddress, q: typed }),
    [inAddress, typed],
  );

  /** The address as last written here or seen (the router shows a write in a transition, later). */
  const latest = useRef(search);
  /** Addresses written here that the router has not shown yet. */
  const written = useRef<string[]>([]);
  /** Text typed and not written yet. */
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // An address this hook did not write (Back, Forward, a link): the box follows it.
  useLayoutEffect(() => {
    const index = written.current.indexOf(search);
    if (index >= 0) {
      written.current = written.current.slice(index + 1);
      if (written.current.length === 0) setAhead(null);
      return;
    }
    written.current = [];
    setAhead(null);
    latest.current = search;
    clearTimeout(timer.current);
    pending.current = null;
    setTyped(null);
  }, [search]);

  const write = useCallback(
    (next: BoardFilter, push: boolean) => {
      clearTimeout(timer.current);
      pending.current = null;
      const nextSearch = writeFilter(latest.current, next);
      if (nextSearch === latest.current) return;
      latest.current = nextSearch;
      written.current.push(nextSearch);
      setAhead(nextSearch);
      navigate({ search: nextSearch }, { replace: !push });
    },
    [navigate],
  );
  /** The filter as it stands, typed text included. */
  const current = useCallback(() => {
    const written = parseFilter(latest.current);
    return pending.current === null ? written : { ...written, q: pending.current };
  }, []);
  const flush = useCallback(() => {
    if (pending.current === null) return;
    const before = parseFilter(latest.current);
    write({ ...before, q: pending.current }, before.q.trim() === '' && pending.current.trim() !== '');
  }, [write]);

  const setQuery = useCallback(
    (q: string) => {
      pending.current = q;
      setTyped(q);
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, TYPING_PAUSE_MS);
    },
    [flush],
  );
  /** The text chip's ×: the text goes at once, as a step of its own. */
  const removeQuery = useCallback(() => {
    setTyped('');
    write({ ...current(), q: '' }, true);
  }, [current, write]);
  const setValues = useCallback(
    <F extends ListField>(field: F, values: BoardFilter[F]) => write({ ...current(), [field]: values }, true),
    [current, write],
  );
  const clear = useCallback(() => {
    setTyped('');
    write(emptyFilter, true);
  }, [write]);

  // A reload right after typing keeps the text. (Not on unmount: the address is another page's then.)
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      clearTimeout(timer.current);
    };
  }, [flush]);

  return { filter, active: isFilterActive(filter), setQuery, flushQuery: flush, removeQuery, setValues, clear };
}
