import { Link, useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';
import { RequireFlow } from '../components/useFlow';

/** /onboarding/welcome: who the card or invitation is for, and what comes next. */
export function WelcomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RequireFlow
      step="terms"
      render={({ state }) => {
        const name = state.firstname;
        const company = state.company;
        const text =
          state.kind === 'invitation'
            ? t('onboarding.welcome.invitation', { company })
            : company
              ? t('onboarding.welcome.card', { company, last4: state.card_last4 })
              : t('onboarding.welcome.cardNoCompany', { last4: state.card_last4 });
        return (
          // No step counter: this page follows step 1 (the card or code) and lists the steps ahead.
          <OnboardingPage
            title={name ? t('onboarding.welcome.title', { name }) : t('onboarding.welcome.titleNoName')}
            intro={text}
          >
            <div className={card.notice}>
              <h2 className={card.noticeTitle}>{t('onboarding.welcome.next')}</h2>
              <ol className={styles.steps}>
                <li>{t('onboarding.welcome.list.terms')}</li>
                <li>{t('onboarding.welcome.list.details')}</li>
                <li>{t('onboarding.welcome.list.verify')}</li>
                <li>{t('onboarding.welcome.list.password')}</li>
              </ol>
            </div>
            <button type="button" className={card.submit} onClick={() => navigate(PATHS.onboardingTerms)}>
              {t('onboarding.welcome.start')}
            </button>
            <Link
              to={state.kind === 'invitation' ? PATHS.onboardingCode : PATHS.onboardingCard}
              className={card.backLink}
            >
              {t('onboarding.welcome.notYou')}
            </Link>
          </OnboardingPage>
        );
      }}
    />
  );
}
