import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resendAtFrom, secondsLeft, useCountdown } from './useCountdown';

/** Moves the clock one second at a time, letting React re-render between ticks. */
function tick(seconds: number) {
  for (let i = 0; i < seconds; i++) act(() => void vi.advanceTimersByTime(1000));
}

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts the 15 s of the first send down to zero, one second at a time', () => {
    const until = Date.now() + 15_000;
    const { result } = renderHook(() => useCountdown(until));
    expect(result.current).toBe(15);
    tick(1);
    expect(result.current).toBe(14);
    tick(14);
    expect(result.current).toBe(0);
  });

  it('restarts at 30 s when a resend moves the deadline', () => {
    let until = Date.now() + 15_000;
    const { result, rerender } = renderHook(() => useCountdown(until));
    tick(15);
    expect(result.current).toBe(0);
    until = Date.now() + 30_000;
    rerender();
    expect(result.current).toBe(30);
  });

  it('shows the new deadline at once when the resend comes long after the countdown ended', () => {
    let until = Date.now() + 15_000;
    const { result, rerender } = renderHook(() => useCountdown(until));
    tick(15);
    expect(result.current).toBe(0);
    // Nothing ticks at zero: 20 s pass without a render before the user asks for a new code.
    act(() => void vi.advanceTimersByTime(20_000));
    until = Date.now() + 30_000;
    rerender();
    expect(result.current).toBe(30);
    tick(1);
    expect(result.current).toBe(29);
  });

  it('counts the server figure from its answer', () => {
    expect(resendAtFrom(15, 1_000)).toBe(16_000);
    expect(resendAtFrom(null, 1_000)).toBeNull();
  });

  it('is zero for a method without resend', () => {
    expect(secondsLeft(null, Date.now())).toBe(0);
    expect(secondsLeft(Date.now() - 5000, Date.now())).toBe(0);
  });
});
