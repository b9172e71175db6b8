import type { Locale } from '@vestibule/contract/editions';
import { useId } from 'react';
import { EntryIcon } from '../../components/EntryIcon';
import { useTranslation } from '../../i18n/react';
import { currentEdition } from '../../lib/edition';
import { chooseLocale } from '../../lib/languageChoice';
import { useHydrated } from '../../lib/useClientValue';
import styles from './TopBar.module.css';

/** Offers the edition's interface languages (SPEC §1), each named in its own language. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className={styles.language}>
      <label htmlFor={id} className="visually-hidden">
        {t('topBar.language')}
      </label>
      <EntryIcon name="globe" size={18} className={styles.languageIcon} />
      <select
        id={id}
        className={styles.languageSelect}
        value={i18n.language}
        // Pre-rendered: usable once hydrated (useHydrated), a choice made before would be lost.
        disabled={!hydrated}
        onChange={(event) => void chooseLocale(event.target.value as Locale)}
      >
        {currentEdition().locales.map((locale) => (
          <option key={locale} value={locale} lang={locale.slice(0, 2)}>
            {t(`languages.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
