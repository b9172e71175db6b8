import type { Locale } from '@vestibule/contract/editions';
import type { Messages } from './en';
import { applyOverlay } from './overlay';

// Each locale is its own chunk, loaded when first used, so the login page ships one language.
export const BUNDLE_LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: async () => (await import('./en')).en,
  fr: async () => (await import('./fr')).fr,
  nl: async () => (await import('./nl')).nl,
  de_LU: async () => (await import('./de_LU')).deLU,
  en_LU: async () => applyOverlay((await import('./en')).en, (await import('./en_LU')).enLU),
  fr_LU: async () => applyOverlay((await import('./fr')).fr, (await import('./fr_LU')).frLU),
};
