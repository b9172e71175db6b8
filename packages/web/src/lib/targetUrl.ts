import { FIRST_PARTY_CLIENT_IDS, SESSION_KEYS } from '@vestibule/contract/constants';
import { sameOriginPath } from '@vestibule/contract/redirects';

/**
 * The stored target URL if it is a same-origin path (DESIGN §4 allow-list), else undefined: the
 * one rule of the contract, shared with the server and the OAuth screens.
 */
export const safeTargetPath = sameOriginPath;

/** The forced-MFA and customer rules apply to first-party logins only (client_id absent, 2, 51). */
export function isFirstPartyClient(clientId: string | undefined): boolean {
  return clientId === undefined || (FIRST_PARTY_CLIENT_IDS as readonly string[]).includes(clientId);
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
