import type { Locale } from '@vestibule/contract/editions';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../lib/api';
import { htmlLang } from '../lib/language';
import { BUNDLE_LOADERS } from './bundles';

export const i18n = i18next.createInstance();

async function ensureBundle(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  i18n.addResourceBundle(locale, 'translation', await BUNDLE_LOADERS[locale]());
}

/** Makes these bundles available to `i18n.getFixedT` (the maintenance page shows three). */
export async function ensureLocales(locales: readonly Locale[]): Promise<void> {
  await Promise.all(locales.map(ensureBundle));
}

function applyLocale(locale: Locale): void {
  document.documentElement.lang = htmlLang(locale);
  setApiLanguage(locale);
}

export async function initI18n(locale: Locale): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: locale,
    // Every bundle is complete (bundles.test.ts), so there is nothing to fall back to.
    fallbackLng: false,
    load: 'currentOnly',
    resources: {},
    interpolation: { escapeValue: false },
  });
  await ensureBundle(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}

export async function changeLocale(locale: Locale): Promise<void> {
  if (i18n.language === locale) return;
  await ensureBundle(locale);
  await i18n.changeLanguage(locale);
  applyLocale(locale);
}

export function currentLocale(): Locale {
  return i18n.language as Locale;
}
