import { describe, expect, it } from 'vitest';
import { LOCALES } from '../editions';
import { OAUTH_PAGE_TEXTS, oauthPageTexts } from './oauth-pages';

describe('texts of the pages the authorization server renders', () => {
  it('every language has every text, translated', () => {
    const keys = Object.keys(OAUTH_PAGE_TEXTS.en).sort();
    for (const [language, texts] of Object.entries(OAUTH_PAGE_TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(keys);
      for (const key of keys) {
        const text = texts[key as keyof typeof texts];
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        if (language !== 'en')
          expect(text, `${language}.${key}`).not.toBe(OAUTH_PAGE_TEXTS.en[key as 'signOut']);
      }
    }
  });

  it('every locale of the editions finds its language (fr_LU reads French)', () => {
    for (const locale of LOCALES)
      expect(oauthPageTexts(locale)).toBe(OAUTH_PAGE_TEXTS[locale.slice(0, 2) as 'en']);
    expect(oauthPageTexts('fr_LU').signOut).toBe('Se déconnecter');
  });
});
