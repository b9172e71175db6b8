import de from './catalogs/de/oauth-pages.json' with { type: 'json' };
import en from './catalogs/en/oauth-pages.json' with { type: 'json' };
import fr from './catalogs/fr/oauth-pages.json' with { type: 'json' };
import nl from './catalogs/nl/oauth-pages.json' with { type: 'json' };
import { catalogLanguage, checkedCatalogs } from './plain';

// Texts of the two pages the authorization server renders itself (docs/decisions/0032): the
// logout page of RP-initiated logout, which submits itself, and its button without JavaScript.
// One JSON catalog per language (catalogs/<language>/oauth-pages.json, decision 0083).

/** `signingOut`: the page title while the form submits itself; `signOut`: its button. */
export type OAuthPageTexts = typeof en;

export const OAUTH_PAGE_TEXTS = checkedCatalogs(
  { en, fr, nl, de },
  (language) => `${language}/oauth-pages.json`,
) satisfies Record<string, OAuthPageTexts>;

const LANGUAGES = Object.keys(OAUTH_PAGE_TEXTS) as (keyof typeof OAUTH_PAGE_TEXTS)[];

/** The texts of a locale (`fr_LU` reads French). */
export function oauthPageTexts(locale: string): OAuthPageTexts {
  return OAUTH_PAGE_TEXTS[catalogLanguage(locale, LANGUAGES)];
}
