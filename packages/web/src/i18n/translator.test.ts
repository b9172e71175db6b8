import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

function translator(): Translator {
  const i18n = new Translator();
  i18n.addTexts('en', {
    login: { title: 'Log in' },
    head: { title: '{{brand}} · My account' },
    security: { notifications: { badge_one: '{{count}} unread', badge_other: '{{count}} unread ones' } },
  });
  i18n.addTexts('fr', {
    login: { title: 'Se connecter' },
    security: { notifications: { badge_one: '{{count}} non lue', badge_other: '{{count}} non lues' } },
  });
  i18n.changeLanguage('en');
  return i18n;
}

describe('the translator', () => {
  it('looks nested keys up in the current language and fills {{names}} in', () => {
    const i18n = translator();
    expect(i18n.t('login.title')).toBe('Log in');
    expect(i18n.t('head.title', { brand: 'Vestibule' })).toBe('Vestibule · My account');
    i18n.changeLanguage('fr');
    expect(i18n.t('login.title')).toBe('Se connecter');
  });

  it('chooses the plural form by the language rules (French counts 0 as one)', () => {
    const i18n = translator();
    expect(i18n.t('security.notifications.badge', { count: 1 })).toBe('1 unread');
    expect(i18n.t('security.notifications.badge', { count: 0 })).toBe('0 unread ones');
    const fr = i18n.getFixedT('fr');
    expect(fr('security.notifications.badge', { count: 0 })).toBe('0 non lue');
    expect(fr('security.notifications.badge', { count: 3 })).toBe('3 non lues');
  });

  it('merges a later bundle into the language and shows a missing key as itself', () => {
    const i18n = translator();
    expect(i18n.exists('mfa.methods.title')).toBe(false);
    i18n.addTexts('en', { mfa: { methods: { title: 'Methods' } }, login: { subtitle: 'Welcome' } });
    expect(i18n.t('mfa.methods.title')).toBe('Methods');
    expect(i18n.t('login.title')).toBe('Log in');
    expect(i18n.t('head.title')).toBe('{{brand}} · My account');
    // @ts-expect-error: an unknown key is a type error
    expect(i18n.t('login.nothing')).toBe('login.nothing');
  });

  it('tells its subscribers of a language change, once per change', () => {
    const i18n = translator();
    const seen: string[] = [];
    const stop = i18n.subscribe(() => seen.push(i18n.language));
    i18n.changeLanguage('fr');
    i18n.changeLanguage('fr');
    stop();
    i18n.changeLanguage('en');
    expect(seen).toEqual(['fr']);
  });
});
