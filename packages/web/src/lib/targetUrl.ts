import { SESSION_KEYS } from '@vestibule/contract/constants';

/** Browsers drop tabs and newlines inside URLs and read `\` as `/`: `/\t/host` would be `//host`. */
function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The stored target URL if it is a same-origin path (DESIGN §4 allow-list), else undefined.
 * Only a path starting with exactly one `/` is accepted: `//host` and `/\host` are protocol-relative
 * to browsers, and anything with a scheme leaves the origin.
 */
export function safeTargetPath(target: string | null | undefined, origin: string): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined;
  if (hasControlOrBackslash(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The client_id query parameter of a target URL (for the platform wording and forced MFA). */
export function clientIdOf(target: string | null | undefined, origin: string): string | undefined {
  if (!target) return undefined;
  try {
    return new URL(target, origin).searchParams.get('client_id') ?? undefined;
  } catch {
    return undefined;
  }
}

export function storeTargetUrl(target: string): void {
  try {
    window.sessionStorage.setItem(SESSION_KEYS.targetUrl, target);
  } catch {
    // Without storage the user lands on the dashboard after login.
  }
}

export function storedTargetUrl(): string | null {
  try {
    return window.sessionStorage.getItem(SESSION_KEYS.targetUrl);
  } catch {
    return null;
  }
}

/** Where to go after login: the stored target if allowed (consumed once), else `fallback`. */
export function takeTargetPath(fallback: string): string {
  const target = safeTargetPath(storedTargetUrl(), window.location.origin);
  try {
    window.sessionStorage.removeItem(SESSION_KEYS.targetUrl);
  } catch {
    // Nothing to forget.
  }
  return target ?? fallback;
}
