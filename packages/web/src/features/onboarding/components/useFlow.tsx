import type { OnboardingState, OnboardingStep } from '@vestibule/contract/schemas/onboarding';
import { type ReactNode, useCallback, useState } from 'react';
import { Navigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { reached, readOnboarding, type StoredOnboarding, writeOnboarding } from '../onboardingStore';

export interface Flow {
  stored: StoredOnboarding;
  state: OnboardingState;
  /** Keeps a new server state (and optionally the code on its way). */
  save: (next: Partial<StoredOnboarding>) => StoredOnboarding;
}

function FlowScreen({ initial, render }: { initial: StoredOnboarding; render: (flow: Flow) => ReactNode }) {
  const [stored, setStored] = useState(initial);
  const save = useCallback(
    (next: Partial<StoredOnboarding>) => {
      const merged = { ...stored, ...next };
      writeOnboarding(merged);
      setStored(merged);
      return merged;
    },
    [stored],
  );
  return <>{render({ stored, state: stored.state, save })}</>;
}

/**
 * A screen of a sign-up in progress that has reached `step` and is not finished (unless `done`
 * is asked), with `need` (the code on its way) when asked: anything else goes back to /onboarding.
 * Judged once, on arrival: the screen's own progress (a new step, a finished flow) must not send
 * it away while it navigates on.
 */
export function RequireFlow({
  step,
  done = false,
  needChallenge = false,
  render,
}: {
  step: OnboardingStep;
  done?: boolean;
  needChallenge?: boolean;
  render: (flow: Flow) => ReactNode;
}) {
  const [initial] = useState(() => {
    const stored = readOnboarding();
    const finished = stored?.state.step === 'done';
    if (!stored || !reached(stored.state, step) || finished !== done) return null;
    if (needChallenge && !stored.challenge) return null;
    return stored;
  });
  if (!initial) return <Navigate to={PATHS.onboarding} replace />;
  return <FlowScreen initial={initial} render={render} />;
}
