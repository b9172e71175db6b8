import { Link } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { PATHS } from '../../../lib/paths';
import { CodeEntryForm } from '../components/CodeEntryForm';
import { OnboardingPage } from '../components/OnboardingPage';

/** /onboarding/card: the card number, or in an edition that prints one, the activation code. */
export function CardRoute() {
  const { t } = useTranslation();
  const byCode = currentEdition().onboardingCardEntry === 'activation_code';
  return (
    <OnboardingPage
      step={1}
      title={t(byCode ? 'onboarding.activationCode.title' : 'onboarding.card.title')}
      intro={t(byCode ? 'onboarding.activationCode.intro' : 'onboarding.card.intro')}
    >
      <CodeEntryForm kind={byCode ? 'activation_code' : 'card'} />
      <Link to={PATHS.onboarding} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
