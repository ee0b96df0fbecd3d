import { lazyPart, viewStandIns } from '../../shared/lazy-part';
import { groupByTexts } from './group-by-texts';
import type { SwimlanesProps } from './swimlanes';

// The lanes (grouping, the lane rows, their drops and keys) are a chunk of their own, loaded only
// when the address asks for them: the cold board's JavaScript is at its budget.
const lanes = lazyPart<SwimlanesProps>({
  load: async () => (await import(/* webpackChunkName: "swimlanes" */ './swimlanes')).Swimlanes,
  ...viewStandIns(() => groupByTexts.loadingLanes),
});

export const Swimlanes = lanes.Part;
