import { describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { ApiError } from './api';
import { errorMessage, formatWait } from './errorMessage';

describe('errorMessage: one mapping from an API error to its text', () => {
  it('says SPEC\'s "Too many attempts" for any 429, the wait of Retry-After on its own line', async () => {
    await initI18n('en');
    const t = i18n.getFixedT('en');
    const limited = new ApiError(429, 'too_many_attempts', 'x', 900);
    expect(errorMessage(t, limited, 'Change failed')).toBe(
      'Too many attempts. Please try again later.\nYou can try again in 15 minutes.',
    );
    expect(errorMessage(t, new ApiError(429, undefined, 'x', 30))).toBe(
      'Too many attempts. Please try again later.\nYou can try again in 30 seconds.',
    );
    expect(errorMessage(t, new ApiError(429, 'too_many_attempts', 'x'))).toBe(
      'Too many attempts. Please try again later.',
    );
  });

  it('names a typed code by its text, unless the screen has its own word for a failure', async () => {
    await initI18n('en');
    const t = i18n.getFixedT('en');
    expect(errorMessage(t, new ApiError(422, 'invalid_card_number', 'x'))).toBe(
      'Your card number is invalid.',
    );
    expect(errorMessage(t, new ApiError(409, 'contact_minimum', 'x'), 'Change failed')).toBe('Change failed');
    expect(errorMessage(t, new ApiError(0, undefined, 'network error'), 'Change failed')).toBe(
      'Change failed',
    );
  });

  it('formats the wait in the interface language', () => {
    expect(formatWait(45, 'fr_LU')).toMatch(/^45\s+secondes$/);
    expect(formatWait(600, 'de_LU')).toMatch(/^10\s+Minuten$/);
  });
});
