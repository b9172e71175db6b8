// What other parts of the server use of the fuzzion flow: the one door into it.
export { createFuzzionFlow, OPEN_STEPS } from './fuzzion.queries';
export { fuzzionRoutes } from './fuzzion.routes';
export { mergeRoutes } from './merge.routes';
export { notifyMergeOffered, offerFuzzion } from './offer';
