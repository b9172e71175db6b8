import type { TFunction } from '../i18n';
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
 * The one mapping from an API error to what the user reads, for every screen: a 429 says SPEC's
 * "Too many attempts. Please try again later.", whatever the screen, and the wait of its
 * Retry-After on a line of its own. Otherwise the screen's own `fallback` (a translated text, when
 * it has a better word than the code's), else the code's text, else the generic one.
 */
export function errorMessage(t: TFunction, error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.status === 429 && error.code !== 'resend_too_soon') {
    const wait = error.retryAfterSeconds;
    // A spent SMS budget is not a wrong guess: it says so, the screen offers the other methods.
    const sentence = t(
      error.code === 'sms_limit_reached' ? 'errors.sms_limit_reached' : 'errors.too_many_attempts',
    );
    return wait
      ? `${sentence}\n${t('errorWait.tryAgainIn', { wait: formatWait(wait, i18n.language || 'en') })}`
      : sentence;
  }
  return fallback ?? t(errorKey(error));
}
