import { useMutation } from '@tanstack/react-query';
import type { OnboardingState } from '@vestibule/contract/schemas/onboarding';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import card from '../../../components/Card.module.css';
import { Icon } from '../../../components/Icon';
import row from '../../../components/LinkRow.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { currentEdition } from '../../../lib/edition';
import { PATHS } from '../../../lib/paths';
import { abandonOnboarding } from '../api/abandonOnboarding';
import { fetchOnboarding } from '../api/fetchOnboarding';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';
import {
  clearOnboarding,
  SCREEN_OF_STEP,
  savedFlowExpired,
  savedFlowId,
  setResumePath,
  writeOnboarding,
} from '../onboardingStore';

/** /onboarding: what did you receive, a card or an invitation; or resume the sign-up in progress. */
export function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [resumable, setResumable] = useState<OnboardingState | null>(null);
  const [expired, setExpired] = useState(false);
  const invitation = params.get('invitation');
  const cardByCode = currentEdition().onboardingCardEntry === 'activation_code';

  // The link of the invitation e-mail carries the code: straight to its entry.
  useEffect(() => {
    if (invitation) navigate(PATHS.onboardingCode, { replace: true, state: { code: invitation } });
  }, [invitation, navigate]);

  // A sign-up started on this device can be resumed until it expires.
  useEffect(() => {
    const id = savedFlowId();
    if (!id) return;
    if (savedFlowExpired()) {
      clearOnboarding();
      setExpired(true);
      return;
    }
    let cancelled = false;
    fetchOnboarding(id).then(
      (state) => {
        if (cancelled) return;
        if (state.step === 'done') clearOnboarding();
        else setResumable(state);
      },
      (error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.code === 'onboarding_expired') {
          clearOnboarding();
          setExpired(true);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  const abandon = useMutation({ mutationFn: abandonOnboarding });

  const resume = (state: OnboardingState) => {
    writeOnboarding({ state });
    const screen = SCREEN_OF_STEP[state.step];
    setResumePath(screen);
    navigate(screen);
  };

  const startAgain = (state: OnboardingState) => {
    // Starting again does not wait on the server, and a failed abandon is not shown.
    abandon.mutate(state.id);
    clearOnboarding();
    setResumable(null);
  };

  return (
    <OnboardingPage title={t('onboarding.home.title')} intro={t('onboarding.home.intro')}>
      {expired && <p className={card.warning}>{t('onboarding.home.expired')}</p>}
      {resumable && (
        <div className={card.notice}>
          <p className={card.noticeTitle}>{t('onboarding.home.resumeTitle')}</p>
          <p>{t('onboarding.home.resumeText')}</p>
          <div className={card.actions}>
            <button type="button" className={card.submit} onClick={() => resume(resumable)}>
              {t('onboarding.home.resume')}
            </button>
            <button type="button" className={card.linkButton} onClick={() => startAgain(resumable)}>
              {t('onboarding.startAgain')}
            </button>
          </div>
        </div>
      )}
      <nav aria-label={t('onboarding.home.question')}>
        <h2 className={card.label}>{t('onboarding.home.question')}</h2>
        <ul className={row.list}>
          <Choice
            to={PATHS.onboardingCard}
            icon="card"
            title={t('onboarding.home.card')}
            hint={t(cardByCode ? 'onboarding.home.cardHintCode' : 'onboarding.home.cardHint')}
          />
          <Choice
            to={PATHS.onboardingCode}
            icon="mail"
            title={t('onboarding.home.invitation')}
            hint={t('onboarding.home.invitationHint')}
          />
        </ul>
      </nav>
      <p className={styles.footer}>
        <span>{t('onboarding.home.haveAccount')}</span>{' '}
        <Link to={PATHS.loginEmail}>{t('onboarding.home.login')}</Link>
      </p>
    </OnboardingPage>
  );
}

/** One way to start: a row that links to its first step. */
function Choice({
  to,
  icon,
  title,
  hint,
}: {
  to: string;
  icon: 'card' | 'mail';
  title: string;
  hint: string;
}) {
  return (
    <li>
      <Link to={to} className={styles.choice}>
        <span className={row.iconRound} aria-hidden="true">
          <Icon name={icon} />
        </span>
        <span className={row.text}>
          <span className={`${row.name} ${styles.choiceTitle}`}>{title}</span>
          <span className={row.description}>{hint}</span>
        </span>
        <Icon name="arrow" size={20} />
      </Link>
    </li>
  );
}
