import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), at least 0. */
export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** The resend countdown (SPEC §4 "Resend"): seconds left, ticking every second while above zero. */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (left <= 0 || until === null) return;
    const timer = window.setTimeout(
      () => setNow(Date.now()),
      Math.max(50, Math.min(1000, until - Date.now())),
    );
    return () => window.clearTimeout(timer);
  }, [left, until]);
  return left;
}
