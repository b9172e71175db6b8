import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { CodeEntryForm } from '../components/CodeEntryForm';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';

/** /onboarding/code: the invitation code of the e-mail. */
export function CodeRoute() {
  const { t } = useTranslation();
  return (
    <OnboardingPage step={1} title={t('onboarding.code.title')} intro={t('onboarding.code.intro')}>
      <CodeEntryForm kind="invitation" />
      <Link to={PATHS.onboarding} className={styles.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
