import { type Edition, type Locale, localeFor } from '@vestibule/contract/editions';
import Negotiator from 'negotiator';

/**
 * The tag a locale is offered under: its language (`fr_LU` → `fr`), each edition has one locale a
 * language, and negotiator matches `en-GB` to `en` but not to `en-LU`.
 */
const tagOf = (locale: string) => locale.slice(0, 2).toLowerCase();

/**
 * The one Accept-Language negotiation of the portal (pages, API messages, e-mails): the locale of
 * `offered` the header ranks highest by its `q` weights, or undefined when the header names none of
 * them. `prefer` goes first so that `*` and ties pick it.
 */
export function negotiate<T extends string>(
  header: string | undefined,
  offered: readonly T[],
  prefer?: T,
): T | undefined {
  if (!header?.trim()) return undefined;
  const ordered = prefer ? [prefer, ...offered.filter((locale) => locale !== prefer)] : [...offered];
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(ordered.map(tagOf));
  return best === undefined ? undefined : ordered.find((locale) => tagOf(locale) === best);
}

/** The locale of an edition an Accept-Language header asks for, else undefined. */
export function negotiatedLocale(edition: Edition, header: string | undefined): Locale | undefined {
  return localeFor(edition, negotiate(header, edition.locales, edition.fallbackLocale));
}
