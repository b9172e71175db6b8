import { Link } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { OnboardingPage } from '../components/OnboardingPage';

/** /onboarding/existingCard: the card typed already belongs to an account. */
export function ExistingCardRoute() {
  const { t } = useTranslation();
  return (
    <OnboardingPage title={t('onboarding.existingCard.title')} intro={t('onboarding.existingCard.text')}>
      <div className={card.actions}>
        <Link to={PATHS.loginEmail} className={card.submit}>
          {t('onboarding.existingCard.login')}
        </Link>
        <Link to={PATHS.forgotUsername} className={card.secondary}>
          {t('onboarding.existingCard.forgotUsername')}
        </Link>
      </div>
      <Link to={PATHS.onboardingCard} className={card.backLink}>
        {t('onboarding.existingCard.other')}
      </Link>
    </OnboardingPage>
  );
}
