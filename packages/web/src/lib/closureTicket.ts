import type { AccountClosing } from '@vestibule/contract/schemas/closure';
import { ApiError } from './api';
import { PATHS } from './paths';

// A sign-in that met a closing account (409 account_closing, decision 0079) hands the closure page
// its date and ticket through this tab's sessionStorage, never through the address bar.

const KEY = 'account_closing';

/** The closure a 409 account_closing carries, else undefined. */
function closingAccountOf(error: unknown): AccountClosing | undefined {
  if (!(error instanceof ApiError) || error.code !== 'account_closing') return undefined;
  const closure = (error.body as { closure?: Partial<AccountClosing> } | null)?.closure;
  return typeof closure?.closes_at === 'string' && typeof closure.ticket === 'string'
    ? { closes_at: closure.closes_at, ticket: closure.ticket }
    : undefined;
}

/**
 * For a sign-in (password, passkey) that met a closing account: keeps what the closure page needs
 * and answers that page's path; undefined for any other error.
 */
export function closingAccountPath(error: unknown): string | undefined {
  const closure = closingAccountOf(error);
  if (!closure) return undefined;
  rememberClosingAccount(closure);
  return PATHS.accountClosure;
}

function rememberClosingAccount(closure: AccountClosing): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(closure));
  } catch {
    // Without storage the closure page offers the e-mail's link instead.
  }
}

/** Once the account is kept, or the user lets it close. */
export function forgetClosingAccount(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** The closure a sign-in met in this tab. */
export function readClosingAccount(): AccountClosing | null {
  try {
    const stored = window.sessionStorage.getItem(KEY);
    const value = stored ? (JSON.parse(stored) as Partial<AccountClosing>) : null;
    return typeof value?.closes_at === 'string' && typeof value.ticket === 'string'
      ? { closes_at: value.closes_at, ticket: value.ticket }
      : null;
  } catch {
    return null;
  }
}
