// Editions (DESIGN §2): one rule, shared by server and SPA, maps a host name to an edition.
// Features read edition data; they never branch on the brand name.

export const EDITION_IDS = ['general', 'lu'] as const;
export type EditionId = (typeof EDITION_IDS)[number];

export const LOCALES = ['en', 'fr', 'nl', 'en_LU', 'fr_LU', 'de_LU'] as const;
export type Locale = (typeof LOCALES)[number];

export interface Edition {
  id: EditionId;
  brandName: string;
  /** Interface languages offered by the switcher, in order. */
  locales: readonly Locale[];
  /** Language the account area falls back to when nothing else decides. */
  defaultLocale: Locale;
  /** Start-up fallback when the browser language is not supported. */
  fallbackLocale: Locale;
  /** Region used to parse phone numbers typed without a country code. */
  phoneRegion: 'BE' | 'LU';
  /** Country whose national register numbers identify users (forgot username, SPEC §3). */
  nationalNumberFormat: 'BE' | 'LU';
  showDealsPartner: boolean;
  /** Brand-named OAuth scopes (SPEC §3: "two scopes whose names carry the product's brand"). */
  brandScopes: readonly [string, string];
  /** What a card holder types to sign up (SPEC §3): the 16-digit card number or an activation code. */
  onboardingCardEntry: 'card_number' | 'activation_code';
}

export const EDITIONS: Record<EditionId, Edition> = {
  general: {
    id: 'general',
    brandName: 'Vestibule',
    locales: ['en', 'fr', 'nl'],
    defaultLocale: 'nl',
    fallbackLocale: 'en',
    phoneRegion: 'BE',
    nationalNumberFormat: 'BE',
    showDealsPartner: true,
    brandScopes: ['vestibule', 'vestibulecard'],
    onboardingCardEntry: 'card_number',
  },
  lu: {
    id: 'lu',
    brandName: 'Vestibule Luxembourg',
    locales: ['fr_LU', 'en_LU'],
    defaultLocale: 'fr_LU',
    fallbackLocale: 'fr_LU',
    phoneRegion: 'LU',
    nationalNumberFormat: 'LU',
    showDealsPartner: false,
    brandScopes: ['vestibule', 'vestibulecard'],
    onboardingCardEntry: 'activation_code',
  },
};

/** Default Luxembourg marker: a `lu` label anywhere in the host, or the `.lu` top-level domain. */
export const DEFAULT_LU_MARKER = 'lu';

/**
 * The edition of a host name. The port is ignored; the marker matches a whole dot-separated label,
 * so `lu.localhost`, `account.lu.example.com` and `account.example.lu` are Luxembourg, while
 * `blue.example.com` is not.
 */
export function editionForHost(host: string, marker: string = DEFAULT_LU_MARKER): Edition {
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const labels = hostname.split('.');
  return labels.includes(marker.toLowerCase()) ? EDITIONS.lu : EDITIONS.general;
}

/** Two-letter language of a locale: `fr_LU` → `fr`. */
export function languageOf(locale: Locale): 'en' | 'fr' | 'nl' | 'de' {
  return locale.slice(0, 2) as 'en' | 'fr' | 'nl' | 'de';
}

/**
 * The interface locale for a language preference (a browser language such as `fr-BE`, or a user's
 * stored `language` such as `nl` or `fr_LU`) in an edition, or undefined when the edition does not
 * offer it. In the Luxembourg edition the locale gets the LU suffix.
 */
export function localeFor(edition: Edition, preference: string | null | undefined): Locale | undefined {
  if (!preference) return undefined;
  const language = preference.toLowerCase().slice(0, 2);
  return edition.locales.find((locale) => locale.slice(0, 2) === language);
}

/** Start-up locale: the first supported browser language, else the edition's fallback. */
export function startupLocale(edition: Edition, browserLanguages: readonly string[]): Locale {
  for (const language of browserLanguages) {
    const locale = localeFor(edition, language);
    if (locale) return locale;
  }
  return edition.fallbackLocale;
}

/**
 * SPEC §1 before a user is known: the language chosen last on this browser (the locale cookie) if
 * the edition offers it, then the first supported browser language, then the edition's fallback.
 * The server (which page to send) and the SPA (which texts to load) decide with this one rule.
 */
export function entryLocale(
  edition: Edition,
  storedChoice: string | null | undefined,
  browserLanguages: readonly string[],
): Locale {
  return localeFor(edition, storedChoice) ?? startupLocale(edition, browserLanguages);
}
