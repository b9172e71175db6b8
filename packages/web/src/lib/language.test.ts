import { EDITIONS } from '@vestibule/contract/editions';
import { describe, expect, it } from 'vitest';
import { htmlLang, initialLocale, storedLocaleChoice, userLocale } from './language';

describe('initialLocale', () => {
  it('takes the first browser language the edition supports', () => {
    expect(initialLocale(EDITIONS.general, ['de-DE', 'nl-BE', 'fr'])).toBe('nl');
    expect(initialLocale(EDITIONS.lu, ['en-GB'])).toBe('en_LU');
    expect(initialLocale(EDITIONS.lu, ['fr-FR'])).toBe('fr_LU');
  });

  it('falls back to English (general) and French (Luxembourg)', () => {
    expect(initialLocale(EDITIONS.general, ['de-DE'])).toBe('en');
    expect(initialLocale(EDITIONS.lu, ['nl-NL', 'de'])).toBe('fr_LU');
    expect(initialLocale(EDITIONS.general, [])).toBe('en');
  });
});

describe('userLocale', () => {
  it("uses the user's language when the edition offers it", () => {
    expect(userLocale(EDITIONS.general, 'fr')).toBe('fr');
    expect(userLocale(EDITIONS.lu, 'en')).toBe('en_LU');
    expect(userLocale(EDITIONS.lu, 'fr_LU')).toBe('fr_LU');
  });

  it('uses the default locale otherwise (nl general, fr_LU Luxembourg)', () => {
    expect(userLocale(EDITIONS.general, 'de')).toBe('nl');
    expect(userLocale(EDITIONS.lu, 'nl')).toBe('fr_LU');
    expect(userLocale(EDITIONS.general, null)).toBe('nl');
  });
});

describe('htmlLang', () => {
  it('turns locales into BCP 47 tags', () => {
    expect(htmlLang('fr_LU')).toBe('fr-LU');
    expect(htmlLang('en')).toBe('en');
  });
});

describe('stored choice (the locale cookie)', () => {
  it('wins over the browser languages when the edition offers it', () => {
    expect(initialLocale(EDITIONS.general, ['nl-BE'], 'fr')).toBe('fr');
    expect(initialLocale(EDITIONS.lu, ['fr'], 'en_LU')).toBe('en_LU');
    expect(initialLocale(EDITIONS.lu, ['en'], 'nl')).toBe('en_LU');
  });

  it('is read from the cookie header', () => {
    expect(storedLocaleChoice('a=1; vestibule_locale=fr_LU; b=2')).toBe('fr_LU');
    expect(storedLocaleChoice('a=1')).toBeNull();
    expect(storedLocaleChoice('')).toBeNull();
  });
});
