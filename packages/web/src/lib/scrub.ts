// What the tag manager's data layer may learn of a page: never a secret. Invitation codes, reset
// tokens, login payloads, codes and the hash login travel in query strings, fragments and (in
// principle) path segments; an allowlist of harmless parameters keeps the rest as names only.

export const REDACTED = 'redacted';

/** Campaign parameters: chosen by the operator's own links, never a secret. */
const HARMLESS_PARAMETERS = /^utm_(source|medium|campaign|term|content)$/;

/** A path segment that looks like a code or a token: six digits in a row, or a long opaque string. */
const SECRET_SEGMENT = /\d{6}|^[A-Za-z0-9_~.-]{20,}$/;

/** In free text (titles): e-mail addresses, runs of 6+ digits (codes, cards, phones), long tokens. */
const SECRET_TEXT = [/[^\s@]+@[^\s@]+/g, /\+?\d[\d\s./-]{4,}\d/g, /[A-Za-z0-9_-]{24,}/g];

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function scrubPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (SECRET_SEGMENT.test(decoded(segment)) ? REDACTED : segment))
    .join('/');
}

function scrubQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of search) kept.append(name, HARMLESS_PARAMETERS.test(name) ? value : REDACTED);
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * A URL of this site with every parameter value but the campaign ones replaced, secret-looking
 * path segments replaced and the fragment dropped; another site's URL is reduced to its origin
 * (its path is none of our business). An unparsable or non-web URL becomes ''.
 */
export function scrubUrl(href: string, ownOrigin: string): string {
  if (!href) return '';
  let url: URL;
  try {
    url = new URL(href, ownOrigin);
  } catch {
    return '';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
  if (url.origin !== ownOrigin) return `${url.origin}/`;
  return `${url.origin}${scrubPath(url.pathname)}${scrubQuery(url.searchParams)}`;
}

/** A page title with anything that looks like an address, a number or a token replaced. */
export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((scrubbed, pattern) => scrubbed.replace(pattern, REDACTED), text);
}
