import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';

/** /onboarding/existingCard: the card typed already belongs to an account. */
export function ExistingCardRoute() {
  const { t } = useTranslation();
  return (
    <OnboardingPage title={t('onboarding.existingCard.title')} intro={t('onboarding.existingCard.text')}>
      <div className={styles.actions}>
        <Link to={PATHS.loginEmail} className={styles.submit}>
          {t('onboarding.existingCard.login')}
        </Link>
        <Link to={PATHS.forgotUsername} className={styles.secondary}>
          {t('onboarding.existingCard.forgotUsername')}
        </Link>
      </div>
      <Link to={PATHS.onboardingCard} className={styles.backLink}>
        {t('onboarding.existingCard.other')}
      </Link>
    </OnboardingPage>
  );
}
