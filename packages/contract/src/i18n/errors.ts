import type { ErrorCode, ErrorMessages } from '../errors';
import de from './catalogs/de/errors.json' with { type: 'json' };
import en from './catalogs/en/errors.json' with { type: 'json' };
import fr from './catalogs/fr/errors.json' with { type: 'json' };
import nl from './catalogs/nl/errors.json' with { type: 'json' };
import { catalogLanguage, checkedCatalogs } from './plain';

// The API's error messages as the server reads them: one JSON catalog per language
// (catalogs/<language>/errors.json, decision 0083), checked plain when the server starts. The SPA
// imports the same files itself, one language at a time (web i18n/bundles.ts).

/** Error messages by two-letter language; Luxembourg locales use their base language's. */
export const ERROR_MESSAGES = checkedCatalogs(
  { en, fr, nl, de },
  (language) => `${language}/errors.json`,
) satisfies Record<string, ErrorMessages>;

/** The languages the API's error messages are written in. */
export const ERROR_LANGUAGES = Object.keys(ERROR_MESSAGES) as (keyof typeof ERROR_MESSAGES)[];

/** English, the language of logs, of SCIM and of OAuth's error_description. */
export const EN_ERROR_MESSAGES: ErrorMessages = ERROR_MESSAGES.en;

export function errorMessage(code: ErrorCode, language: string): string {
  return ERROR_MESSAGES[catalogLanguage(language, ERROR_LANGUAGES)][code];
}
