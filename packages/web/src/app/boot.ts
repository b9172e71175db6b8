import { applyEditionToDocument } from '../editions/assets';
import { resumeSession } from '../features/session/api/resumeSession';
import { initI18n } from '../i18n';
import { setApiLanguage } from '../lib/api';
import { appConfig } from '../lib/config';
import { loadTagManager } from '../lib/dataLayer';
import { currentEdition } from '../lib/edition';
import { parseHashLogin } from '../lib/hashLogin';
import { initialLocale } from '../lib/language';
import { clearSessionState, setSessionValue, tokenStore } from '../lib/storage';

/** SPEC §4 rule 1: a token handed over in the hash logs in; the hash is then removed. */
function takeHashLogin(): void {
  const login = parseHashLogin(window.location.hash);
  if (!login) return;
  clearSessionState();
  tokenStore.set(login.token);
  if (login.payload) setSessionValue('loginPayload', login.payload);
  if (login.isOriginApp) setSessionValue('openApp', 'true');
  window.history.replaceState(
    window.history.state,
    '',
    `${window.location.pathname}${window.location.search}`,
  );
}

/** Everything that must be known before the first route renders. */
export async function boot(): Promise<void> {
  const config = appConfig();
  const edition = currentEdition();
  applyEditionToDocument(edition.id);
  loadTagManager(config.tagManagerId);
  takeHashLogin();

  const locale = initialLocale(
    edition,
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );
  setApiLanguage(locale);
  // A new tab has no session token; the login cookie may still hold a live session.
  const resumed =
    config.maintenance || tokenStore.get() ? Promise.resolve(false) : resumeSession().catch(() => false);
  await Promise.all([initI18n(locale), resumed]);
}
