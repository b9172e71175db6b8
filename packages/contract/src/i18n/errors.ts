import { EN_ERROR_MESSAGES, type ErrorCode, type ErrorMessages } from '../errors';
import { DE_ERROR_MESSAGES } from './errors.de';
import { FR_ERROR_MESSAGES } from './errors.fr';
import { NL_ERROR_MESSAGES } from './errors.nl';

/** Error messages by two-letter language; Luxembourg locales use their base language's. */
export const ERROR_MESSAGES: Record<'en' | 'fr' | 'nl' | 'de', ErrorMessages> = {
  en: EN_ERROR_MESSAGES,
  fr: FR_ERROR_MESSAGES,
  nl: NL_ERROR_MESSAGES,
  de: DE_ERROR_MESSAGES,
};

export function errorMessage(code: ErrorCode, language: string): string {
  const messages = ERROR_MESSAGES[language.slice(0, 2) as keyof typeof ERROR_MESSAGES] ?? EN_ERROR_MESSAGES;
  return messages[code];
}
