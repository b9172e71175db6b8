import { formatPhone } from '@vestibule/contract/phone';
import { useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { mergeScreenPath } from '../../../lib/mergeOffer';
import { PATHS } from '../../../lib/paths';
import { tokenStore } from '../../../lib/storage';
import { OnboardingPage } from '../components/OnboardingPage';
import { RequireFlow } from '../components/useFlow';
import { clearOnboarding } from '../onboardingStore';

const TEXTS = {
  card_activated: {
    title: 'onboarding.confirmation.titleActivated',
    text: 'onboarding.confirmation.activated',
  },
  card_failed: { title: 'onboarding.confirmation.titleFailed', text: 'onboarding.confirmation.failed' },
  code_only: { title: 'onboarding.confirmation.titleCodeOnly', text: 'onboarding.confirmation.codeOnly' },
} as const;

/** /onboarding/confirmation: the account exists; the card activated, refused, or none (code only). */
export function ConfirmationRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RequireFlow
      step="done"
      done
      render={({ stored, state }) => {
        const outcome = state.outcome ?? 'code_only';
        const failed = outcome === 'card_failed';
        const offer = stored.token ? stored.fuzzion : undefined;
        const go = () => {
          clearOnboarding();
          if (!stored.token) return navigate(PATHS.loginEmail, { replace: true });
          tokenStore.set(stored.token);
          if (!offer) return navigate(PATHS.dashboard, { replace: true });
          // SPEC §4 Fuzzion: the payload is kept and the merge screen takes over.
          navigate(mergeScreenPath(offer), { replace: true });
        };
        // The contested contact stayed with the other account: the login is the other one.
        const username = state.duplicate?.method === 'email' ? formatPhone(state.phone ?? '') : state.email;
        return (
          <OnboardingPage
            title={t(TEXTS[outcome].title)}
            icon={
              <span className={failed ? card.warningBadge : card.badge} aria-hidden="true">
                <svg
                  aria-hidden="true"
                  width="28"
                  height="28"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  <path d={failed ? 'M12 8v5M12 16.5v.01M12 3l9.5 17h-19z' : 'M5 12.5l4.5 4.5L19 7.5'} />
                </svg>
              </span>
            }
          >
            {failed ? (
              <div role="alert" className={card.warning}>
                <p className={card.noticeTitle}>{t('onboarding.confirmation.failed')}</p>
                <p>{t('onboarding.confirmation.failedHint')}</p>
              </div>
            ) : (
              <p role="status" className={card.status}>
                {t(TEXTS[outcome].text)}
              </p>
            )}
            <div className={card.valueBox}>
              <span className={card.valueLabel}>{t('onboarding.confirmation.username')}</span>
              <span className={card.value}>{username}</span>
            </div>
            {offer && (
              <div className={card.notice}>
                <p className={card.noticeTitle}>
                  <KeptValues
                    text="onboarding.confirmation.duplicateTitle"
                    values={{ target: offer.method === 'sms' ? formatPhone(offer.target) : offer.target }}
                    keep={['target']}
                  />
                </p>
                <p>{t('onboarding.confirmation.duplicateText')}</p>
              </div>
            )}
            <button type="button" className={card.submit} onClick={go}>
              {t(offer ? 'onboarding.confirmation.review' : 'onboarding.confirmation.go')}
            </button>
          </OnboardingPage>
        );
      }}
    />
  );
}
