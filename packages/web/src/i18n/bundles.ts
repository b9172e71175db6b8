import type { Locale } from '@vestibule/contract/editions';
import type { AreaMessages } from './areas/en';
import type { DeskMessages } from './desk/en';
import type { CoreMessages } from './en';
import { applyOverlay, pickOverlay } from './overlay';

// Each locale is its own chunk, loaded when first used, so the login page ships one language; and
// each is split in three (docs/performance.md): the core (the login page and the pages outside the
// feature areas), loaded at start; the feature areas, loaded with the first page that is not a
// login page (ensureAreaStrings in i18n/index.ts); and the administration console's, loaded when
// it opens (ensureDeskStrings).
export const BUNDLE_LOADERS: Record<Locale, () => Promise<CoreMessages>> = {
  en: async () => (await import('./en')).en,
  fr: async () => (await import('./fr')).fr,
  nl: async () => (await import('./nl')).nl,
  de_LU: async () => (await import('./de_LU')).deLU,
  en_LU: async () => {
    const [{ en }, { enLU }] = await Promise.all([import('./en'), import('./en_LU')]);
    return applyOverlay(en, pickOverlay(enLU, en));
  },
  fr_LU: async () => {
    const [{ fr }, { frLU }] = await Promise.all([import('./fr'), import('./fr_LU')]);
    return applyOverlay(fr, pickOverlay(frLU, fr));
  },
};

export const AREA_LOADERS: Record<Locale, () => Promise<AreaMessages>> = {
  en: async () => (await import('./areas/en')).enAreas,
  fr: async () => (await import('./areas/fr')).frAreas,
  nl: async () => (await import('./areas/nl')).nlAreas,
  de_LU: async () => (await import('./areas/de_LU')).deLUAreas,
  en_LU: async () => {
    const [{ enAreas }, { enLU }] = await Promise.all([import('./areas/en'), import('./en_LU')]);
    return applyOverlay(enAreas, pickOverlay(enLU, enAreas));
  },
  fr_LU: async () => {
    const [{ frAreas }, { frLU }] = await Promise.all([import('./areas/fr'), import('./fr_LU')]);
    return applyOverlay(frAreas, pickOverlay(frLU, frAreas));
  },
};

export const DESK_LOADERS: Record<Locale, () => Promise<DeskMessages>> = {
  en: async () => (await import('./desk/en')).enDesk,
  fr: async () => (await import('./desk/fr')).frDesk,
  nl: async () => (await import('./desk/nl')).nlDesk,
  de_LU: async () => (await import('./desk/de_LU')).deLUDesk,
  en_LU: async () => {
    const [{ enDesk }, { enLU }] = await Promise.all([import('./desk/en'), import('./en_LU')]);
    return applyOverlay(enDesk, pickOverlay(enLU, enDesk));
  },
  fr_LU: async () => {
    const [{ frDesk }, { frLU }] = await Promise.all([import('./desk/fr'), import('./fr_LU')]);
    return applyOverlay(frDesk, pickOverlay(frLU, frDesk));
  },
};
