import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../editions';
import { ERROR_CODES } from '../errors';
import { ERROR_MESSAGES, errorMessage } from './errors';
import { OAUTH_PAGE_TEXTS, oauthPageTexts } from './oauth-pages';
import { type Catalog, catalogLanguage, checkedCatalog } from './plain';

// The contract's catalogs (decision 0083) as the API reads them: every language has exactly the
// English keys, every message is plain text the server renders as ICU would, and translated. The
// SPA's build converts the same files (web i18n/catalogs.test.ts parses them with ICU's parser).

const CATALOGS = join(import.meta.dirname, 'catalogs');
const LANGUAGES = readdirSync(CATALOGS);
const FILES = ['errors', 'oauth-pages'];

const read = (language: string, file: string): Catalog =>
  JSON.parse(readFileSync(join(CATALOGS, language, `${file}.json`), 'utf8'));

describe.each(LANGUAGES)('the %s catalogs', (language) => {
  it.each(FILES)('%s has exactly the English keys, each a plain, translated message', (file) => {
    const own = read(language, file);
    const english = read('en', file);
    expect(Object.keys(own).sort()).toEqual(Object.keys(english).sort());
    expect(() => checkedCatalog(own, `${language}/${file}.json`)).not.toThrow();
    for (const [key, text] of Object.entries(own)) {
      expect(typeof text === 'string' && text.trim(), `${language} ${key}`).toBeTruthy();
      if (language !== 'en') expect(text, `${language} ${key}`).not.toBe(english[key]);
    }
  });

  it('is the one the API serves', () => {
    expect(Object.keys(ERROR_MESSAGES)).toContain(language);
    expect(Object.keys(OAUTH_PAGE_TEXTS)).toContain(language);
  });
});

describe('the error messages', () => {
  it('name exactly the codes of the contract', () => {
    expect(Object.keys(read('en', 'errors')).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('are chosen by the language of a locale, English when there is none', () => {
    expect(errorMessage('forbidden', 'fr_LU')).toBe(ERROR_MESSAGES.fr.forbidden);
    expect(errorMessage('forbidden', 'de_LU')).toBe(ERROR_MESSAGES.de.forbidden);
    expect(errorMessage('forbidden', 'pt')).toBe(ERROR_MESSAGES.en.forbidden);
    expect(catalogLanguage('nl', ['fr', 'nl'])).toBe('nl');
  });
});

describe('the OAuth pages', () => {
  it('find their language for every locale of the editions (fr_LU reads French)', () => {
    for (const locale of LOCALES)
      expect(oauthPageTexts(locale)).toBe(OAUTH_PAGE_TEXTS[locale.slice(0, 2) as 'en']);
    expect(oauthPageTexts('fr_LU').signOut).toBe('Se déconnecter');
  });
});

describe('a catalog the server cannot render', () => {
  it.each([
    '{count, plural, one {# code} other {# codes}}',
    '{who, select, a {A} other {B}}',
    "l''{brand}",
    '{broken',
  ])('is refused with its file and key: %s', (message) => {
    expect(() => checkedCatalog({ group: { key: message } }, 'fr/errors.json')).toThrow(
      /fr\/errors\.json: group\.key/,
    );
  });
});
