import { formatPhone } from '@vestibule/contract/phone';
import { Link, Navigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { OnboardingPage } from '../components/OnboardingPage';
import { RequireFlow } from '../components/useFlow';
import { SCREEN_OF_STEP } from '../onboardingStore';

/**
 * /onboarding/duplicate (SPEC §2 duplicate-found screens for e-mail or phone): the code proved an
 * address or number another account uses. The sign-up may go on — the merge is offered once the
 * account exists — or take another one.
 */
export function DuplicateFoundRoute() {
  const { t } = useTranslation();
  return (
    <RequireFlow
      step="phone"
      render={({ state }) => {
        // Reached without one (a reload after taking another address): on to the next step.
        if (!state.duplicate) return <Navigate to={SCREEN_OF_STEP[state.step]} replace />;
        const byEmail = state.duplicate.method === 'email';
        return (
          <OnboardingPage
            step={byEmail ? 4 : 5}
            title={t(byEmail ? 'onboarding.duplicate.titleEmail' : 'onboarding.duplicate.titleSms')}
          >
            <div className={card.notice} role="status">
              <p className={card.noticeTitle}>
                <KeptValues
                  text={byEmail ? 'onboarding.duplicate.textEmail' : 'onboarding.duplicate.textSms'}
                  values={{ target: byEmail ? state.duplicate.target : formatPhone(state.duplicate.target) }}
                  keep={['target']}
                />
              </p>
              <p>{t('onboarding.duplicate.next')}</p>
            </div>
            <div className={card.actions}>
              <Link to={SCREEN_OF_STEP[state.step]} className={card.submit}>
                {t('onboarding.duplicate.continue')}
              </Link>
              <Link
                to={byEmail ? PATHS.onboardingEmailVerification : PATHS.onboardingPhoneVerification}
                className={card.secondary}
              >
                {t(byEmail ? 'onboarding.duplicate.otherEmail' : 'onboarding.duplicate.otherSms')}
              </Link>
            </div>
          </OnboardingPage>
        );
      }}
    />
  );
}
