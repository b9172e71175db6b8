import type { Locale } from '@vestibule/contract/editions';
import { setApiLanguage } from '../lib/api';
import { htmlLang, storeLocaleChoice } from '../lib/language';
import { loadTexts, type Part } from './bundles';
import type { Texts } from './icu';
import { Translator } from './translator';

export type { TFunction } from './translator';

export const i18n = new Translator();

// A locale's texts come in three parts with distinct top-level keys (i18n/bundles.ts): the core,
// the feature areas and the console's. Each part is loaded once (a failed load may be tried again)
// and merged in.
const loads = new Map<string, Promise<void>>();

// The pseudo-locale (i18n/pseudo.ts): English made longer and accented in place of every language's
// texts, for layout checks; the start-up turns it on outside production only (app/boot.ts).
let pseudo: ((texts: Texts) => Texts) | undefined;

/** The cookie that chooses the pseudo-locale where it is allowed (the layout e2e spec sets it). */
const PSEUDO_LOCALE_COOKIE = 'vestibule_pseudo_locale';

export function pseudoLocaleChosen(cookies: string = document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim() === `${PSEUDO_LOCALE_COOKIE}=on`);
}

/** Shows every text pseudo-localised from now on (loaded with its own small chunk). */
export async function enablePseudoLocale(): Promise<void> {
  pseudo = (await import('./pseudo')).pseudoLocalize;
}

/** Whether the texts are the pseudo-locale's (no pre-rendered page then matches the first render). */
export const pseudoLocaleOn = (): boolean => pseudo !== undefined;

async function textsOf(part: Part, locale: Locale): Promise<Texts> {
  return pseudo ? pseudo(await loadTexts(part, 'en')) : loadTexts(part, locale);
}

function load(part: Part, locale: Locale): Promise<void> {
  const key = `${part}:${locale}`;
  let loading = loads.get(key);
  if (!loading) {
    loading = textsOf(part, locale).then(
      (texts) => i18n.addTexts(locale, texts),
      (error: unknown) => {
        loads.delete(key);
        throw error;
      },
    );
    loads.set(key, loading);
  }
  return loading;
}

const ensureBundle = (locale: Locale) => load('core', locale);

// The feature areas' texts (catalogs/<locale>/areas.json) are not needed by the login page, which loads without them
// (docs/performance.md): the first other page asks for them, and from then on every language
// change brings them along before it happens. The console's (desk.json) likewise, from the
// console's first page on.
const wanted = new Set<Exclude<Part, 'core'>>();

async function ensurePart(part: Exclude<Part, 'core'>): Promise<void> {
  wanted.add(part);
  // A language change may have happened meanwhile: load until the current language has them.
  for (;;) {
    const locale = currentLocale();
    await load(part, locale);
    if (currentLocale() === locale) return;
  }
}

/** The texts of every page but the login pages (app/router.tsx loads them with those pages). */
export const ensureAreaStrings = (): Promise<void> => ensurePart('areas');

/** The administration console's texts (app/router.tsx loads them with the console). */
export const ensureDeskStrings = (): Promise<void> => ensurePart('desk');

/** Makes these bundles available to `i18n.getFixedT` (the maintenance page shows three). */
export async function ensureLocales(locales: readonly Locale[]): Promise<void> {
  await Promise.all(locales.map(ensureBundle));
}

function applyLocale(locale: Locale): void {
  // The build pre-renders pages in Node, where there is no document (app/prerender.tsx).
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
  setApiLanguage(locale);
}

export async function initI18n(locale: Locale): Promise<void> {
  // A new start has an empty store (the tests start more than once).
  loads.clear();
  wanted.clear();
  i18n.reset();
  await ensureBundle(locale);
  i18n.changeLanguage(locale);
  applyLocale(locale);
}

/** A chosen language (the switcher, the user's own): applied, and remembered for the next visit. */
export async function changeLocale(locale: Locale): Promise<void> {
  storeLocaleChoice(locale);
  if (i18n.language === locale) return;
  // A part wanted while this loads (the console opened meanwhile) comes along before the switch.
  let parts: number;
  do {
    parts = wanted.size;
    await Promise.all([ensureBundle(locale), ...[...wanted].map((part) => load(part, locale))]);
  } while (wanted.size !== parts);
  i18n.changeLanguage(locale);
  applyLocale(locale);
}

export function currentLocale(): Locale {
  return i18n.language as Locale;
}
