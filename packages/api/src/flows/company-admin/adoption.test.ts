import { describe, expect, it } from 'vitest';
import { adoptionSeries } from './adoption.queries';

describe('adoptionSeries', () => {
  const now = new Date('2026-11-26T15:00:00Z');

  it('starts the window with what came before it and cumulates day by day up to today', () => {
    const result = adoptionSeries(
      [
        { day: '2026-01-01', series: 'members', count: '10' },
        { day: '2026-01-01', series: 'with_mfa', count: '4' },
        { day: '2026-01-01', series: 'sms', count: '4' },
        { day: '2026-11-25', series: 'members', count: '2' },
        { day: '2026-11-26', series: 'with_mfa', count: '1' },
        { day: '2026-11-26', series: 'totp', count: 1 },
      ],
      3,
      now,
    );
    expect(result.series.map((point) => point.day)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(result.series.map((point) => [point.members, point.with_mfa, point.totp])).toEqual([
      [10, 4, 0],
      [12, 4, 0],
      [12, 5, 1],
    ]);
    expect(result).toMatchObject({ members: 12, with_mfa: 5 });
  });

  it('answers zeros for a company with nobody yet', () => {
    const result = adoptionSeries([], 30, now);
    expect(result.series).toHaveLength(30);
    expect(result).toMatchObject({ members: 0, with_mfa: 0 });
  });
});
