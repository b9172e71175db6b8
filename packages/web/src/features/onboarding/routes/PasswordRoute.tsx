import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorCode } from '@vestibule/contract/errors';
import { localPasswordError } from '@vestibule/contract/password';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import card from '../../../components/Card.module.css';
import {
  NewPasswordFields,
  newPasswordError,
  newPasswordSchema,
} from '../../../components/NewPasswordFields';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useCompleteOnboarding } from '../api/completeOnboarding';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

const schema = newPasswordSchema({
  required: 'onboarding.password.required',
  confirmationRequired: 'onboarding.password.confirmationRequired',
  mismatch: 'onboarding.password.mismatch',
});
type Fields = z.infer<typeof schema>;
type FieldKey =
  | 'onboarding.password.required'
  | 'onboarding.password.confirmationRequired'
  | 'onboarding.password.mismatch'
  | `errors.${ErrorCode}`;

/** /onboarding/password: the password; confirming creates the account. */
export function PasswordRoute() {
  return <RequireFlow step="password" render={(flow) => <PasswordForm flow={flow} />} />;
}

function PasswordForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const complete = useCompleteOnboarding(flow.state.id);
  const [shown, setShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<Fields>({ resolver: zodResolver(schema), defaultValues: { password: '', confirmation: '' } });
  const password = useWatch({ control, name: 'password' });
  const { email, firstname, lastname } = flow.state;
  const personal = { emails: email ? [email] : [], firstname, lastname };

  const onSubmit = handleSubmit(async (fields) => {
    // The rules this screen can judge (length, the e-mail and names typed) never reach the server broken.
    const local = localPasswordError(fields.password, personal);
    if (local) return setError('password', { message: `errors.${local}` }, { shouldFocus: true });
    try {
      const answer = await complete.mutateAsync(fields.password);
      flow.save({
        state: answer.state,
        token: answer.access_token,
        challenge: undefined,
        fuzzion: answer.fuzzion ?? undefined,
      });
      navigate(PATHS.onboardingConfirmation, { replace: true });
    } catch (error) {
      const message = newPasswordError(error);
      if (message) setError('password', { message }, { shouldFocus: true });
    }
  });

  const passwordError = errors.password?.message as FieldKey | undefined;
  const confirmationError = errors.confirmation?.message as FieldKey | undefined;
  const formError = newPasswordError(complete.error) ? null : complete.error;
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
          password={register('password')}
          confirmation={register('confirmation')}
          value={password}
          personal={personal}
          passwordError={passwordError && t(passwordError)}
          confirmationError={confirmationError && t(confirmationError)}
          shown={shown}
          onToggleShown={() => setShown((value) => !value)}
        />
        <FormError error={formError} />
        <SubmitButton busy={complete.isPending} label={t('onboarding.password.submit')} />
      </form>
    </OnboardingPage>
  );
}
