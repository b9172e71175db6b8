import { type Edition, type Locale, localeFor } from '@vestibule/contract/editions';

// OpenID Connect Core 3.1.2.1 hints, carried by the authorization server on the /approve address
// that the guard stored as the login's target (docs/decisions/0034): login_hint pre-fills the
// username on the tab it fits, ui_locales picks the screen language among the edition's.

export interface LoginHint {
  mode: 'email' | 'phone';
  username: string;
}

function targetParam(target: string | null | undefined, origin: string, name: string): string | undefined {
  if (!target || !URL.canParse(target, origin)) return undefined;
  return new URL(target, origin).searchParams.get(name)?.trim() || undefined;
}

/** The login_hint of the target: an e-mail address, or a phone number (digits, +, spaces). */
export function loginHintOf(target: string | null | undefined, origin: string): LoginHint | undefined {
  const hint = targetParam(target, origin, 'login_hint');
  if (!hint || hint.length > 254) return undefined;
  if (hint.includes('@')) return { mode: 'email', username: hint };
  if (/^\+?[\d\s().-]{6,20}$/.test(hint)) return { mode: 'phone', username: hint };
  return undefined;
}

/** The first of the target's ui_locales that the edition offers. */
export function uiLocaleOf(
  target: string | null | undefined,
  origin: string,
  edition: Edition,
): Locale | undefined {
  const wanted = targetParam(target, origin, 'ui_locales')?.split(/\s+/) ?? [];
  for (const tag of wanted) {
    const locale = localeFor(edition, tag);
    if (locale) return locale;
  }
  return undefined;
}

/** History state of a link to the login that names the account, e.g. after a password reset. */
export interface LoginPrefill {
  username: string;
}

/** The username a link to the login carried in its history state, if any. */
export function prefillOf(state: unknown): string | undefined {
  const username = (state as Partial<LoginPrefill> | null)?.username;
  return typeof username === 'string' && username.length <= 254 ? username : undefined;
}
