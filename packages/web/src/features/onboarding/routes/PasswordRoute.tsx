import { useId } from 'react';
import { useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import {
  NewPasswordFields,
  newPasswordError,
  useNewPasswordForm,
} from '../../../components/NewPasswordFields';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useCompleteOnboarding } from '../api/completeOnboarding';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

const TEXTS = {
  required: 'onboarding.password.required',
  confirmationRequired: 'onboarding.password.confirmationRequired',
  mismatch: 'onboarding.password.mismatch',
  password: 'onboarding.password.password',
  confirmation: 'onboarding.password.confirmation',
  show: 'onboarding.password.show',
} as const;

/** /onboarding/password: the password; confirming creates the account. */
export function PasswordRoute() {
  return <RequireFlow step="password" render={(flow) => <PasswordForm flow={flow} />} />;
}

function PasswordForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding(flow.state.id);
  const { email, firstname, lastname } = flow.state;
  // The rules judge the e-mail and names typed in this onboarding.
  const form = useNewPasswordForm({
    texts: TEXTS,
    personal: { emails: email ? [email] : [], firstname, lastname },
    save: async (password) => {
      const answer = await complete.mutateAsync(password);
      flow.save({
        state: answer.state,
        token: answer.access_token,
        challenge: undefined,
        fuzzion: answer.fuzzion ?? undefined,
      });
      navigate(PATHS.onboardingConfirmation, { replace: true });
    },
  });

  const formError = newPasswordError(complete.error) ? null : complete.error;
  return (
    <OnboardingPage step={6} title={t('onboarding.password.title')} intro={t('onboarding.password.intro')}>
      <form className={card.form} onSubmit={form.onSubmit} noValidate aria-busy={complete.isPending}>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={flow.state.email ?? ''}
          readOnly
          hidden
        />
        <NewPasswordFields id={id} {...form.fields} />
        <FormError error={formError} />
        <SubmitButton busy={complete.isPending} label={t('onboarding.password.submit')} />
      </form>
    </OnboardingPage>
  );
}
