import type { Locale } from '@vestibule/contract/editions';
import type { ErrorMessages } from '@vestibule/contract/errors';
import type { Texts } from './icu';
import { applyOverlay, pickOverlay } from './overlay';

// The texts live in JSON catalogs with ICU MessageFormat, one per language and part
// (catalogs/<locale>/{core,areas,desk}.json, decision 0083); Vite turns each into the translator's
// shape when it imports it (vite.config.ts). Each locale is its own chunk, loaded when first used,
// so the login page ships one language; and each is split in three (docs/performance.md): the core
// (the login page and the pages outside the feature areas), loaded at start; the feature areas,
// loaded with the first page that is not a login page (ensureAreaStrings in i18n/index.ts); and the
// administration console's, loaded when it opens (ensureDeskStrings).
const CATALOGS = {
  core: import.meta.glob<Texts>('./catalogs/*/core.json', { import: 'default' }),
  areas: import.meta.glob<Texts>('./catalogs/*/areas.json', { import: 'default' }),
  desk: import.meta.glob<Texts>('./catalogs/*/desk.json', { import: 'default' }),
};
export type Part = keyof typeof CATALOGS;

/** Luxembourg's English and French: their language's catalogs with an overlay of what differs (SPEC §1). */
const OVERLAID: Partial<Record<Locale, Locale>> = { en_LU: 'en', fr_LU: 'fr' };
const OVERLAYS = import.meta.glob<Texts>('./catalogs/*/overlay.json', { import: 'default' });

// The API's error messages have their catalogs in the contract, which the API reads too
// (contract/src/i18n/catalogs/<language>/errors.json); the core part carries them under `errors`.
const ERROR_MESSAGES: Record<string, () => Promise<ErrorMessages>> = {
  en: async () => (await import('@vestibule/contract/i18n/catalogs/en/errors.json')).default,
  fr: async () => (await import('@vestibule/contract/i18n/catalogs/fr/errors.json')).default,
  nl: async () => (await import('@vestibule/contract/i18n/catalogs/nl/errors.json')).default,
  de: async () => (await import('@vestibule/contract/i18n/catalogs/de/errors.json')).default,
};

/** A catalog's Vite manifest key: the pre-rendered pages link the chunks of their texts. */
export const catalogModule = (locale: string, file: Part | 'overlay') =>
  `src/i18n/catalogs/${locale}/${file}.json`;

function catalog(part: Part, locale: Locale): Promise<Texts> {
  const load = CATALOGS[part][`./catalogs/${locale}/${part}.json`];
  if (!load) throw new Error(`No ${part} catalog for ${locale}`);
  return load();
}

/** One part of a locale's texts, overlaid for Luxembourg's English and French. */
export async function loadTexts(part: Part, locale: Locale): Promise<Texts> {
  const base = OVERLAID[locale];
  const [texts, overlay, errors] = await Promise.all([
    catalog(part, base ?? locale),
    base ? OVERLAYS[`./catalogs/${locale}/overlay.json`]?.() : undefined,
    part === 'core' ? ERROR_MESSAGES[locale.slice(0, 2)]?.() : undefined,
  ]);
  const whole: Texts = errors ? { ...texts, errors } : texts;
  return overlay ? applyOverlay(whole, pickOverlay(overlay, whole)) : whole;
}
