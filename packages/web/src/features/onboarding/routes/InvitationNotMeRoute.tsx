import { useEffect, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { BadgeCard } from '../../../components/BadgeCard';
import { Button } from '../../../components/Button';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useFreezeInvitedAccount } from '../api/freezeInvitedAccount';

type Step = 'ask' | 'frozen' | 'expired';

/**
 * /invitation/not-me?code=…: the link of the message sent to an invited address when its
 * invitation opened an account on another e-mail. One button freezes that account (decision
 * 0068); a link scanner that only opens the page changes nothing. The code leaves the address bar
 * at once.
 */
export function InvitationNotMeRoute() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [code] = useState(() => new URLSearchParams(location.search).get('code'));
  const [step, setStep] = useState<Step>('ask');
  const freezeAccount = useFreezeInvitedAccount();

  useEffect(() => {
    if (location.search) void navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);

  if (!code) return <Navigate to={PATHS.home} replace />;

  const freeze = async () => {
    try {
      await freezeAccount.mutateAsync(code);
      setStep('frozen');
    } catch {
      setStep('expired');
    }
  };

  return (
    <BadgeCard aria-labelledby={`${id}-title`}>
      {step === 'ask' && (
        <>
          <h1 id={`${id}-title`}>{t('onboarding.notMe.title')}</h1>
          <p className={styles.intro}>{t('onboarding.notMe.intro')}</p>
          <div className={styles.actions}>
            <Button variant="danger" busy={freezeAccount.isPending} onClick={() => void freeze()}>
              {t('onboarding.notMe.freeze')}
            </Button>
          </div>
        </>
      )}
      {step === 'frozen' && (
        <>
          <h1 id={`${id}-title`}>{t('onboarding.notMe.frozenTitle')}</h1>
          <p role="status" className={styles.intro}>
            {t('onboarding.notMe.frozen')}
          </p>
        </>
      )}
      {step === 'expired' && (
        <>
          <h1 id={`${id}-title`}>{t('onboarding.notMe.title')}</h1>
          <p role="alert" className={styles.formError}>
            {t('onboarding.notMe.expired')}
          </p>
        </>
      )}
    </BadgeCard>
  );
}
