import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), at least 0. */
export function secondsLeft(until: number | null, now: number): number {
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** Epoch ms from which a resend is allowed: the server's `resend_in` counted from its answer. */
export function resendAtFrom(resendIn: number | null, answeredAt = Date.now()): number | null {
  return resendIn === null ? null : answeredAt + resendIn * 1000;
}

/**
 * The resend countdown of every code screen (SPEC §4 "Resend"): seconds left, ticking every
 * second while above zero. A new deadline (a resend) is measured from the current time at once:
 * the clock of the last tick may be long past (the countdown stops ticking at zero), and would
 * show a figure larger than the server's `resend_in` until the next tick.
 */
export function useCountdown(until: number | null): number {
  const [tick, setTick] = useState(() => ({ until, now: Date.now() }));
  const now = tick.until === until ? tick.now : Date.now();
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (left <= 0 || until === null) return;
    const timer = window.setTimeout(
      () => setTick({ until, now: Date.now() }),
      Math.max(50, Math.min(1000, until - Date.now())),
    );
    return () => window.clearTimeout(timer);
  }, [left, until]);
  return left;
}
