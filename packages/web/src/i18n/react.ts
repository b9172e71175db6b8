import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from './index';
import type { TFunction, Translator } from './translator';

/** The texts in the current language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const language = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, i18n };
}
