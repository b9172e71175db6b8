import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (epoch ms), ticking every second while above zero. */
export function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(1000, until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [left, until]);
  return left;
}
