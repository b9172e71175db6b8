import { useEffect, useState } from 'react';
import { removeSessionValue, sessionValue, setSessionValue } from './storage';

// A success screen says something happened ("Two-step verification is on", "Your accounts are
// merged"). Opened directly, or again later, it would claim what did not happen: the step that
// finishes marks the tab's session storage, and the screen shows only while that mark is there.

export type FinishedStep = 'setup-mfa' | 'setup-totp' | 'fuzzion';

/** Called by the step itself, right after the server confirmed it. */
export function markStepDone(step: FinishedStep): void {
  setSessionValue('stepDone', step);
}

/**
 * Whether `step` has just happened in this tab. Read once when the screen opens; the mark goes
 * when the screen is left for another path (a reload keeps it: the step did happen).
 */
export function useStepDone(step: FinishedStep): boolean {
  const [done] = useState(() => sessionValue('stepDone') === step);
  const [path] = useState(() => window.location.pathname);
  useEffect(() => {
    if (!done) return;
    return () => {
      // Strict mode's test unmount stays on the path: only a real leave drops the mark.
      queueMicrotask(() => {
        if (window.location.pathname !== path) removeSessionValue('stepDone');
      });
    };
  }, [done, path]);
  return done;
}
