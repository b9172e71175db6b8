// Tag-manager data layer (SPEC §1, DESIGN §7, docs/decisions/0073). Nothing is pushed and nothing
// loads until the visitor has accepted measurement: then the consent state (Google Consent Mode v2
// names), the tag manager and the page views, every URL and title scrubbed of secrets first.

import type { ConsentChoice } from './consent';
import { REDACTED, scrubText, scrubUrl } from './scrub';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export interface PageView {
  event: 'virtual_page_view';
  location: string;
  title: string;
  referrer: string;
}

export interface TagManagerSettings {
  id: string | null;
  origin: string;
}

let settings: TagManagerSettings = { id: null, origin: '' };
let granted = false;
/** Whether the consent state was pushed: it must come before anything else the tag manager reads. */
let consentPushed = false;
/** The page being shown: pushed once measurement is accepted on it. */
let currentView: Omit<PageView, 'event'> | null = null;

function push(entry: unknown): void {
  window.dataLayer ??= [];
  window.dataLayer.push(entry);
}

/** gtag.js's command form: the tag manager reads an `arguments` object, not an array. */
function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: Consent Mode commands must be pushed as `arguments`.
  push(arguments);
}

/** Consent Mode v2: measurement as chosen; advertising is never asked for, so always denied. */
function consentState(choice: ConsentChoice): Record<string, ConsentChoice> {
  return {
    analytics_storage: choice,
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  };
}

/**
 * The tag manager reads the address itself when it starts: it starts only on an address with
 * nothing to scrub (an invitation link's code is gone once the page has taken it).
 */
function addressIsClean(): boolean {
  const { href, hash, origin } = window.location;
  return hash === '' && scrubUrl(href, origin) === href;
}

function loadScriptOnCleanAddress(): void {
  if (!settings.id || !granted || document.getElementById('gtm-script') || !addressIsClean()) return;
  push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `${settings.origin}/gtm.js?id=${encodeURIComponent(settings.id)}`;
  document.head.append(script);
}

function scrubbedView(view: Omit<PageView, 'event'>): Omit<PageView, 'event'> {
  const origin = window.location.origin;
  return {
    location: scrubUrl(view.location, origin) || REDACTED,
    title: scrubText(view.title),
    referrer: scrubUrl(view.referrer, origin),
  };
}

/** The configured tag manager (boot.ts); without an id nothing is ever pushed or loaded. */
export function configureTagManager(next: TagManagerSettings): void {
  settings = next;
}

/**
 * Applies the visitor's choice: on acceptance the consent state, the page being shown and the tag
 * manager; on refusal nothing, or, if measurement was accepted earlier on this page, the consent
 * update the tag manager obeys.
 */
export function applyConsent(choice: ConsentChoice | null): void {
  if (!settings.id || choice === null) return;
  granted = choice === 'granted';
  if (!consentPushed && !granted) return;
  gtag('consent', consentPushed ? 'update' : 'default', consentState(choice));
  consentPushed = true;
  if (granted && currentView) push({ event: 'virtual_page_view', ...currentView });
  loadScriptOnCleanAddress();
}

/** One page view: pushed only while measurement is accepted, and scrubbed. */
export function pushPageView(view: Omit<PageView, 'event'>): void {
  currentView = scrubbedView(view);
  if (!settings.id || !granted) return;
  push({ event: 'virtual_page_view', ...currentView });
  loadScriptOnCleanAddress();
}
