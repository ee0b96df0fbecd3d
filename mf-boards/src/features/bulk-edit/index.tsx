import { lazyPart } from '../../shared/lazy-part';
import { useIssueSelection } from '../../shared/issue-selection';
import type { BulkBarProps } from './bulk-bar';

// The bar of a bulk edit is drawn only once an issue is picked: its code is a chunk of its own,
// which a board that never picks anything does not load.
const part = lazyPart<BulkBarProps>({
  load: async () => (await import(/* webpackChunkName: "bulk-edit" */ './bulk-bar')).BulkBar,
  loading: () => null,
  failed: () => null,
});

/** The bulk edit bar, while any issue is picked. */
export function BulkEditBar(props: BulkBarProps) {
  const picking = useIssueSelection((s) => s.ids.length > 0);
  return picking ? <part.Part {...props} /> : null;
}
