// Texts of the two pages the authorization server renders itself (docs/decisions/0032): the
// logout page of RP-initiated logout, which submits itself, and its button without JavaScript.

export interface OAuthPageTexts {
  /** The page title while the logout form submits itself. */
  signingOut: string;
  /** The button shown when JavaScript is off, or when no id_token_hint vouches for the request. */
  signOut: string;
}

export const OAUTH_PAGE_TEXTS: Record<'en' | 'fr' | 'nl' | 'de', OAuthPageTexts> = {
  en: { signingOut: 'Signing you out…', signOut: 'Sign out' },
  fr: { signingOut: 'Déconnexion en cours…', signOut: 'Se déconnecter' },
  nl: { signingOut: 'Je wordt afgemeld…', signOut: 'Afmelden' },
  de: { signingOut: 'Sie werden abgemeldet…', signOut: 'Abmelden' },
};

/** The texts of a locale (`fr_LU` reads French). */
export function oauthPageTexts(locale: string): OAuthPageTexts {
  const language = locale.slice(0, 2) as keyof typeof OAUTH_PAGE_TEXTS;
  return OAUTH_PAGE_TEXTS[language] ?? OAUTH_PAGE_TEXTS.en;
}
