import { EDITIONS } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { negotiate, negotiatedLocale } from './language';

describe('negotiatedLocale (Accept-Language with its q weights)', () => {
  it('takes the highest weight, not the first listed', () => {
    expect(negotiatedLocale(EDITIONS.general, 'en;q=0.1, fr;q=0.9')).toBe('fr');
    expect(negotiatedLocale(EDITIONS.general, 'de-DE, fr;q=0.5, nl;q=0.7')).toBe('nl');
  });
  it('matches a regional tag to the edition locale and back', () => {
    expect(negotiatedLocale(EDITIONS.general, 'nl-BE')).toBe('nl');
    expect(negotiatedLocale(EDITIONS.lu, 'en-GB,fr;q=0.2')).toBe('en_LU');
    expect(negotiatedLocale(EDITIONS.lu, 'fr-LU')).toBe('fr_LU');
  });
  it('reads nothing from a missing header, q=0 or languages the edition lacks', () => {
    expect(negotiatedLocale(EDITIONS.general, undefined)).toBeUndefined();
    expect(negotiatedLocale(EDITIONS.general, '')).toBeUndefined();
    expect(negotiatedLocale(EDITIONS.general, 'de-DE')).toBeUndefined();
    expect(negotiatedLocale(EDITIONS.general, 'fr;q=0, de')).toBeUndefined();
  });
  it('gives `*` the preferred locale', () => {
    expect(negotiatedLocale(EDITIONS.lu, 'de, *;q=0.5')).toBe('fr_LU');
    expect(negotiate('*', ['en', 'fr', 'nl'], 'nl')).toBe('nl');
  });
});
