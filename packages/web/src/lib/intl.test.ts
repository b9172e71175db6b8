import { describe, expect, it } from 'vitest';
import { intlLocale } from './intl';

describe('intlLocale', () => {
  it('writes en_LU dates the Luxembourg way: day before month, 24-hour clock', () => {
    const date = new Date('2026-03-05T14:07:00Z');
    const text = new Intl.DateTimeFormat(intlLocale('en_LU'), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(date);
    expect(text).toBe('5 Mar 2026, 14:07');
  });

  it('keeps the other locales as BCP 47 tags', () => {
    expect(intlLocale('fr_LU')).toBe('fr-LU');
    expect(intlLocale('de_LU')).toBe('de-LU');
    expect(intlLocale('nl')).toBe('nl');
  });
});
