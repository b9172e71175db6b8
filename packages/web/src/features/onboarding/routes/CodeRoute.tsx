import { Link } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { CodeEntryForm } from '../components/CodeEntryForm';
import { OnboardingPage } from '../components/OnboardingPage';

/** /onboarding/code: the invitation code of the e-mail. */
export function CodeRoute() {
  const { t } = useTranslation();
  return (
    <OnboardingPage step={1} title={t('onboarding.code.title')} intro={t('onboarding.code.intro')}>
      <CodeEntryForm kind="invitation" />
      <Link to={PATHS.onboarding} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
