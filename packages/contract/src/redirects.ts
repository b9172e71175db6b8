// The redirect allow-list of DESIGN §4: a redirect target (redirect, target URL, redirect_uri,
// return path) is either a path on this origin or an address registered for an OAuth client,
// matched exactly. Nothing else is ever navigated to.

/** Browsers drop tabs and newlines inside URLs and read `\` as `/`: `/\t/host` would be `//host`. */
function hasControlOrBackslash(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * `target` as a same-origin path (`/user/access?x=1`), or undefined. Only a path starting with
 * exactly one `/` is accepted: `//host` and `/\host` are protocol-relative to browsers.
 */
export function sameOriginPath(target: string | null | undefined, origin: string): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//')) return undefined;
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

/** `target` if it is exactly one of the registered absolute addresses (http or https), else undefined. */
export function registeredAddress(
  target: string | null | undefined,
  registered: readonly string[],
): string | undefined {
  if (!target || hasControlOrBackslash(target) || !registered.includes(target)) return undefined;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' || url.protocol === 'http:' ? target : undefined;
  } catch {
    return undefined;
  }
}

/** The allow-listed form of a redirect target, or undefined when it must not be followed. */
export function allowedRedirect(
  target: string | null | undefined,
  options: { origin: string; registered?: readonly string[] },
): string | undefined {
  return sameOriginPath(target, options.origin) ?? registeredAddress(target, options.registered ?? []);
}

/** Whether an address may be registered as a client's redirect URI or homepage. */
export function isRegistrableAddress(address: string, options: { allowHttp: boolean }): boolean {
  if (hasControlOrBackslash(address) || address.length > 2000) return false;
  // Written out in full: the URL parser reads `https:host` as `https://host/`, and a registered
  // address must be the exact string clients send (redirects match it character for character).
  if (!/^https?:\/\/[^/]/i.test(address)) return false;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  if (url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  // Plain http only for loopback addresses (RFC 8252 §7.3), or anywhere outside production.
  const loopback =
    ['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname) || url.hostname.endsWith('.localhost');
  return url.protocol === 'http:' && (options.allowHttp || loopback);
}
