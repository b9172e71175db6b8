import type { ErrorCode } from '@vestibule/contract/errors';
import { localPasswordError } from '@vestibule/contract/password';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useCompleteOnboarding } from '../api/completeOnboarding';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

const PASSWORD_ERRORS: readonly ErrorCode[] = [
  'password_too_short',
  'password_too_long',
  'password_common',
  'password_breached',
  'password_personal',
];

/** /onboarding/password: the password; confirming creates the account. */
export function PasswordRoute() {
  return <RequireFlow step="password" render={(flow) => <PasswordForm flow={flow} />} />;
}

function PasswordForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding(flow.state.id);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [shown, setShown] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmationError, setConfirmationError] = useState<string | null>(null);
  const { email, firstname, lastname } = flow.state;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    // The rules this screen can judge (length, the e-mail and names typed) never reach the server broken.
    const local = password
      ? localPasswordError(password, { emails: email ? [email] : [], firstname, lastname })
      : undefined;
    setPasswordError(!password ? t('onboarding.password.required') : local ? t(`errors.${local}`) : null);
    setConfirmationError(
      !confirmation
        ? t('onboarding.password.confirmationRequired')
        : confirmation !== password
          ? t('onboarding.password.mismatch')
          : null,
    );
    if (!password || local || confirmation !== password) return;
    try {
      const answer = await complete.mutateAsync(password);
      flow.save({
        state: answer.state,
        token: answer.access_token,
        challenge: undefined,
        fuzzion: answer.fuzzion ?? undefined,
      });
      navigate(PATHS.onboardingConfirmation, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code && PASSWORD_ERRORS.includes(error.code))
        setPasswordError(errorMessage(t, error));
    }
  };

  const formError =
    complete.error instanceof ApiError && complete.error.code && PASSWORD_ERRORS.includes(complete.error.code)
      ? null
      : complete.error;
  return (
    <OnboardingPage step={6} title={t('onboarding.password.title')} intro={t('onboarding.password.intro')}>
      <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={complete.isPending}>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={flow.state.email ?? ''}
          readOnly
          hidden
        />
        <NewPasswordFields
          id={id}
          labels={{
            password: t('onboarding.password.password'),
            confirmation: t('onboarding.password.confirmation'),
            show: t('onboarding.password.show'),
          }}
          password={{
            value: password,
            onChange: (event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            },
          }}
          confirmation={{
            value: confirmation,
            onChange: (event) => {
              setConfirmation(event.target.value);
              setConfirmationError(null);
            },
          }}
          value={password}
          personal={{ emails: email ? [email] : [], firstname, lastname }}
          passwordError={passwordError}
          confirmationError={confirmationError}
          shown={shown}
          onToggleShown={() => setShown((value) => !value)}
        />
        <FormError error={formError} />
        <SubmitButton busy={complete.isPending} label={t('onboarding.password.submit')} />
      </form>
    </OnboardingPage>
  );
}
