/** What another first-party app hands over in the URL hash: `#token=…:payload=…:isOriginApp=…`. */
export interface HashLogin {
  token: string;
  payload: string | undefined;
  isOriginApp: boolean;
}

/**
 * Reads the hash as colon-separated key=value pairs (SPEC §4 rule 1). Values are URI-decoded and
 * may contain `=`; unknown keys are ignored. Undefined when there is no non-empty token.
 */
export function parseHashLogin(hash: string): HashLogin | undefined {
  const pairs = new Map<string, string>();
  for (const part of hash.replace(/^#/, '').split(':')) {
    const separator = part.indexOf('=');
    if (separator <= 0) continue;
    try {
      pairs.set(part.slice(0, separator), decodeURIComponent(part.slice(separator + 1)));
    } catch {
      // A malformed escape makes the pair unreadable; ignore it like an unknown key.
    }
  }
  const token = pairs.get('token');
  if (!token) return undefined;
  return {
    token,
    payload: pairs.get('payload') || undefined,
    isOriginApp: pairs.get('isOriginApp') === 'true',
  };
}
