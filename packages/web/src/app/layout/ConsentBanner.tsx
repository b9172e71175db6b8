import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { useTranslation } from '../../i18n/react';
import { appConfig } from '../../lib/config';
import {
  type ConsentChoice,
  consentChoice,
  consentQuestionOpen,
  saveConsentChoice,
  subscribeToConsent,
} from '../../lib/consent';
import { applyConsent } from '../../lib/dataLayer';
import { currentEdition } from '../../lib/edition';
import { PATHS } from '../../lib/paths';
import styles from './ConsentBanner.module.css';

const CURRENT_CHOICE_KEYS = {
  granted: 'consent.currentGranted',
  denied: 'consent.currentDenied',
} as const;

/** Open while unanswered (or reopened from the footer), and only when a tag manager is configured. */
function useQuestionOpen(): boolean {
  // The pre-rendered HTML never shows it: the configuration and the choice are the browser's.
  return useSyncExternalStore(
    subscribeToConsent,
    () => appConfig().tagManagerId !== null && consentQuestionOpen(),
    () => false,
  );
}

/**
 * The measurement question, above the page: accept and refuse side by side, drawn alike, so that
 * refusing is as easy as accepting. Nothing is measured while it is open.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const id = useId();
  const open = useQuestionOpen();
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = open ? consentChoice() : null;

  // Asked again from the footer: the question takes the focus, and gives it back once answered.
  useEffect(() => {
    if (open && previous !== null) heading.current?.focus();
  }, [open, previous]);

  if (!open) return null;
  const choose = (choice: ConsentChoice) => {
    const reopened = previous !== null;
    saveConsentChoice(choice);
    applyConsent(choice);
    if (reopened) document.getElementById('cookie-choices')?.focus();
  };
  return (
    <section className={styles.banner} aria-labelledby={`${id}-title`} data-testid="consent-banner">
      <div className={styles.inner}>
        <h2 id={`${id}-title`} className={styles.title} tabIndex={-1} ref={heading}>
          {t('consent.title')}
        </h2>
        <p className={styles.text}>{t('consent.text', { brand: currentEdition().brandName })}</p>
        {previous && <p className={styles.text}>{t(CURRENT_CHOICE_KEYS[previous])}</p>}
        <p className={styles.text}>
          <Link to={PATHS.privacy}>{t('consent.more')}</Link>
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => choose('granted')}>
            {t('consent.accept')}
          </Button>
          <Button variant="secondary" onClick={() => choose('denied')}>
            {t('consent.refuse')}
          </Button>
        </div>
      </div>
    </section>
  );
}
