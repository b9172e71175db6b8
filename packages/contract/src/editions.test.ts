import { describe, expect, it } from 'vitest';
import { EDITIONS, editionForHost, entryLocale, localeFor, startupLocale } from './editions';

describe('editionForHost', () => {
  it.each([
    ['localhost:3000', 'general'],
    ['lu.localhost:3000', 'lu'],
    ['account.example.lu', 'lu'],
    ['account.lu.example.com', 'lu'],
    ['blue.example.com', 'general'],
    ['account.example.com', 'general'],
    ['LU.LOCALHOST', 'lu'],
  ])('%s is the %s edition', (host, edition) => {
    expect(editionForHost(host).id).toBe(edition);
  });

  it('accepts a configured marker', () => {
    expect(editionForHost('lux.example.com', 'lux').id).toBe('lu');
    expect(editionForHost('lu.example.com', 'lux').id).toBe('general');
  });
});

describe('language selection', () => {
  it('takes the first supported browser language, with the LU suffix in Luxembourg', () => {
    expect(startupLocale(EDITIONS.general, ['de-DE', 'nl-BE'])).toBe('nl');
    expect(startupLocale(EDITIONS.lu, ['en-GB'])).toBe('en_LU');
  });

  it('falls back to en (general) and fr_LU (Luxembourg)', () => {
    expect(startupLocale(EDITIONS.general, ['de-DE'])).toBe('en');
    expect(startupLocale(EDITIONS.lu, ['nl-BE'])).toBe('fr_LU');
  });

  it('maps a stored user language to the edition locale or nothing', () => {
    expect(localeFor(EDITIONS.lu, 'fr')).toBe('fr_LU');
    expect(localeFor(EDITIONS.general, 'fr_LU')).toBe('fr');
    expect(localeFor(EDITIONS.lu, 'nl')).toBeUndefined();
  });
});

describe('entryLocale (SPEC §1: stored choice, then browser languages, then the fallback)', () => {
  it('prefers the stored choice when the edition offers it', () => {
    expect(entryLocale(EDITIONS.general, 'fr', ['nl-BE'])).toBe('fr');
    expect(entryLocale(EDITIONS.lu, 'en_LU', ['fr'])).toBe('en_LU');
  });
  it('ignores a stored choice the edition does not offer', () => {
    expect(entryLocale(EDITIONS.lu, 'nl', ['en-GB'])).toBe('en_LU');
  });
  it('falls back to the edition fallback', () => {
    expect(entryLocale(EDITIONS.general, null, ['de-DE'])).toBe('en');
    expect(entryLocale(EDITIONS.lu, undefined, [])).toBe('fr_LU');
  });
});
