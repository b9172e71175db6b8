import type { TFunction } from 'i18next';
import { i18n } from '../i18n';
import { ApiError, errorKey } from './api';

/**
 * How long to wait, in the interface language and the largest whole unit ("45 seconds",
 * "15 minutes"): Intl names the unit, so no bundle has to.
 */
export function formatWait(seconds: number, locale: string): string {
  const tag = locale.replace('_', '-');
  const [value, unit] =
    seconds < 90 ? [Math.max(1, Math.ceil(seconds)), 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/**
 * The one mapping from an API error to what the user reads, for every screen (issue 20): a 429
 * says "Too many attempts" with the wait of its Retry-After; a known code its own text; anything
 * else `fallback` (a translated text, when the screen has a better word than the generic one) or
 * the generic text.
 */
export function errorMessage(t: TFunction, error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.status === 429 && error.code !== 'resend_too_soon') {
    const wait = error.retryAfterSeconds;
    return wait
      ? t('errorWait.tooManyAttempts', { wait: formatWait(wait, i18n.language || 'en') })
      : t('errors.too_many_attempts');
  }
  if (error instanceof ApiError && error.code) return t(errorKey(error));
  return fallback ?? t(errorKey(error));
}
