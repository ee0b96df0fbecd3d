import { uiMessages } from '../../ui-messages';
import { lazyPart } from '../../shared/lazy-part';
import { groupByTexts } from './group-by-texts';
import type { SwimlanesProps } from './swimlanes';

// The lanes (grouping, the lane rows, their drops and keys) are a chunk of their own, loaded only
// when the address asks for them: the cold board's JavaScript is at its budget. Should the code
// not arrive, the page keeps its header and filter, says so here, and draws the lanes once it does.
const lanes = lazyPart<SwimlanesProps>({
  load: async () => (await import(/* webpackChunkName: "swimlanes" */ './swimlanes')).Swimlanes,
  loading: () => <p role="status">{groupByTexts.loadingLanes}</p>,
  failed: (_props, { retry, retrying }) => (
    <p role="alert">
      {retrying ? uiMessages.partLoadsWhenBack : uiMessages.partFailedToDraw}{' '}
      <button type="button" onClick={retry}>
        {uiMessages.retry}
      </button>
    </p>
  ),
});

export const Swimlanes = lanes.Part;
