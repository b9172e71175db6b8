import { useNavigate } from 'react-router';
import { Button } from '../../../components/Button';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { clearOnboarding } from '../onboardingStore';

/** Errors that end the sign-up on this screen: the flow is gone or out of step. */
const FLOW_LOST = ['onboarding_expired', 'onboarding_step'];

/** The error of a call, translated; a lost flow offers to start again. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!error) return null;
  const lost = error instanceof ApiError && error.code !== undefined && FLOW_LOST.includes(error.code);
  return (
    <div role="alert" className={card.formError}>
      <p>{errorMessage(t, error)}</p>
      {lost && (
        <button
          type="button"
          className={card.linkButton}
          onClick={() => {
            clearOnboarding();
            navigate(PATHS.onboarding, { replace: true });
          }}
        >
          {t('onboarding.startAgain')}
        </button>
      )}
    </div>
  );
}

export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" busy={busy}>
      {busy ? t('onboarding.submitting') : label}
    </Button>
  );
}
