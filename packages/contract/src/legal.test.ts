import { describe, expect, it } from 'vitest';
import { LEGAL_VERSIONS, legalVersionMonth } from './legal';

describe('legalVersionMonth', () => {
  it('reads the month a version took effect from its id', () => {
    expect(legalVersionMonth('2026-01-en')).toEqual({ year: 2026, month: 1 });
    expect(legalVersionMonth('2025-12-lu-de')).toEqual({ year: 2025, month: 12 });
  });

  it('refuses an id that does not start with a year and a month', () => {
    expect(legalVersionMonth('v3')).toBeNull();
    expect(legalVersionMonth('2026-13-en')).toBeNull();
  });

  it('every version of every edition follows the rule, so every page can show its date', () => {
    const versions = Object.values(LEGAL_VERSIONS).flatMap((documents) =>
      Object.values(documents).flatMap((byLanguage) => Object.values(byLanguage)),
    );
    for (const version of versions) expect(legalVersionMonth(version), version).not.toBeNull();
  });
});
