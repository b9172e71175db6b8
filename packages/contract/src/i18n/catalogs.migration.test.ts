import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../errors';
import { ERROR_MESSAGES } from './errors';
import { OAUTH_PAGE_TEXTS } from './oauth-pages';

// The JSON catalogs carry exactly the texts of the TypeScript objects they replace.
const read = (language: string, file: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'catalogs', language, `${file}.json`), 'utf8'));

describe.each(['en', 'fr', 'nl', 'de'] as const)('the %s catalogs', (language) => {
  it('hold the same error messages as the TypeScript', () => {
    const json = read(language, 'errors');
    expect(Object.keys(json).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(json[code], code).toBe(ERROR_MESSAGES[language][code]);
  });

  it('hold the same OAuth page texts as the TypeScript', () => {
    expect(read(language, 'oauth-pages')).toEqual(OAUTH_PAGE_TEXTS[language]);
  });
});
