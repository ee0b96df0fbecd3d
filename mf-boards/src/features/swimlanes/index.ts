// What the board page uses of the swimlanes: the address's grouping and its control (eager, small),
// and the lanes themselves, whose code loads only when they are shown.
export { Swimlanes } from './lazy-swimlanes';
export type { SwimlanesProps } from './swimlanes';
export { useGroupBy, ViewControls } from './view-controls';
