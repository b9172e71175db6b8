import type { FuzzionState } from '@vestibule/contract/schemas/fuzzion';

/** What the merge page gives each step: the flow, and what to do once it is proven or cannot go on. */
export interface StepProps {
  flow: FuzzionState;
  onDone: () => void;
  onFatal: () => void;
}
