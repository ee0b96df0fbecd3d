import { uiMessages } from '../../ui-messages';
import type { PartFailure } from './lazy-part';

const standIn = { padding: 'var(--space-4)', color: 'var(--color-text-muted)' };

/**
 * What a whole view of the board (list, calendar, lanes) shows in its place while its code loads
 * or once it did not arrive: the page keeps its header and filter, and the view is drawn as soon
 * as its code is here.
 */
export function viewStandIns(loadingText: () => string) {
  return {
    loading: () => (
      <p style={standIn} role="status">
        {loadingText()}
      </p>
    ),
    failed: (_props: unknown, { retry, retrying }: PartFailure) => (
      <p style={standIn} role="alert">
        {retrying ? uiMessages.partLoadsWhenBack : uiMessages.partFailedToDraw}{' '}
        <button type="button" onClick={retry}>
          {uiMessages.retry}
        </button>
      </p>
    ),
  };
}
