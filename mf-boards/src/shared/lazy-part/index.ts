export { lazyPart, PART_RETRY_FIRST_MS, type LazyPartOptions, type PartFailure } from './lazy-part';
export { viewStandIns } from './view-stand-ins';
