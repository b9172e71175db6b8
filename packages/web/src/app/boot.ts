import type { Locale } from '@vestibule/contract/editions';
import { applyEditionToDocument } from '../editions/assets';
import { resumeSession } from '../features/session/api/resumeSession';
import { enablePseudoLocale, initI18n, pseudoLocaleChosen } from '../i18n';
import { setApiLanguage } from '../lib/api';
import { appConfig } from '../lib/config';
import { consentChoice } from '../lib/consent';
import { applyConsent, configureTagManager } from '../lib/dataLayer';
import { currentEdition } from '../lib/edition';
import { parseHashLogin } from '../lib/hashLogin';
import { initialLocale, storedLocaleChoice } from '../lib/language';
import { PATHS } from '../lib/paths';
import { forgetCachedAccount, handoverStore, tokenStore } from '../lib/storage';

/**
 * SPEC §4 rule 1: the hash hands a login over. Its token is a one-time code, kept aside until the
 * user confirms the account on /continue (a link must not sign anyone in silently: login CSRF);
 * the hash is removed at once.
 */
function takeHashLogin(): void {
  const login = parseHashLogin(window.location.hash);
  if (!login) return;
  handoverStore.set({
    code: login.token,
    payload: login.payload,
    isOriginApp: login.isOriginApp,
    target: `${window.location.pathname}${window.location.search}`,
  });
  window.history.replaceState(window.history.state, '', PATHS.handover);
}

/**
 * Everything that must be known before the first route renders. `prerenderedLocale` is the
 * language the server chose for the pre-rendered page (the same rule, SPEC §1): the page hydrates
 * in it. Resuming a session goes on in the background: `resumed` says whether one was found.
 */
export async function boot(prerenderedLocale?: string): Promise<{ resumed: Promise<boolean> }> {
  const config = appConfig();
  const edition = currentEdition();
  applyEditionToDocument(edition.id);
  // The hash login's token leaves the address before a tag manager could read it.
  takeHashLogin();
  configureTagManager({ id: config.tagManagerId, origin: config.tagManagerOrigin });
  applyConsent(consentChoice());

  const prerendered = edition.locales.find((locale) => locale === prerenderedLocale);
  const locale: Locale =
    prerendered ??
    initialLocale(
      edition,
      navigator.languages?.length ? navigator.languages : [navigator.language],
      storedLocaleChoice(),
    );
  setApiLanguage(locale);
  // A new tab has no session token; the login cookie may still hold a live session.
  const resumed =
    config.maintenance || tokenStore.get() ? Promise.resolve(false) : resumeSession().catch(() => false);
  // No session to resume: it ended here or on another device while no tab was open, so the
  // account cached for its first paint goes too.
  if (!config.maintenance && !tokenStore.get())
    void resumed.then((found) => {
      if (!found) forgetCachedAccount();
    });
  // Layout checks outside production (decision 0083): English pseudo-localised in every language.
  if ((import.meta.env.DEV || config.pseudoLocale) && pseudoLocaleChosen()) await enablePseudoLocale();
  await initI18n(locale);
  return { resumed };
}
