import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import card from '../../../components/Card.module.css';
import { Field } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { contactInputError } from '../../../lib/contactInput';
import { PATHS } from '../../../lib/paths';
import { useSendEmailCode } from '../api/sendEmailCode';
import { withResendAt } from '../components/challenge';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

// Messages are translation keys, resolved when shown. The contract's rule, as the server applies
// it: a malformed address is not sent.
const schema = z.object({
  email: z
    .string()
    .refine((email) => email.trim() !== '', 'onboarding.email.required')
    .refine((email) => !contactInputError('email', email), 'onboarding.create.invalidEmail'),
});
type FieldKey =
  | 'onboarding.email.required'
  | 'onboarding.create.invalidEmail'
  | 'errors.onboarding_invalid_email';

/** /onboarding/email-verification: continue with the current e-mail, or use another one. */
export function EmailVerificationRoute() {
  return <RequireFlow step="email" render={(flow) => <EmailForm flow={flow} />} />;
}

function EmailForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const send = useSendEmailCode(flow.state.id);
  const [other, setOther] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const { state } = flow;
  const invited = state.invitation_email !== null && state.invitation_email === state.email;

  const go = async (email?: string) => {
    try {
      const answer = await send.mutateAsync(email === undefined ? {} : { email });
      flow.save({
        state: answer.state,
        challenge: answer.challenge ? withResendAt(answer.challenge) : undefined,
      });
      navigate(answer.challenge ? PATHS.onboardingMfa : PATHS.onboardingPhoneVerification);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'onboarding_invalid_email')
        setError('email', { message: 'errors.onboarding_invalid_email' }, { shouldFocus: true });
    }
  };

  const fieldError = errors.email?.message as FieldKey | undefined;
  const formError =
    send.error instanceof ApiError && send.error.code === 'onboarding_invalid_email' && other
      ? null
      : send.error;
  return (
    <OnboardingPage step={4} title={t('onboarding.email.title')} intro={t('onboarding.email.intro')}>
      <div className={card.valueBox}>
        <span className={card.valueLabel}>{t('onboarding.email.current')}</span>
        <span className={card.value}>{state.email}</span>
        {invited && <span className={card.hint}>{t('onboarding.email.invited')}</span>}
      </div>
      {!other && <FormError error={formError} />}
      {!other && (
        <div className={card.actions}>
          <button type="button" className={card.submit} disabled={send.isPending} onClick={() => void go()}>
            {send.isPending && <span className={card.spinner} aria-hidden="true" />}
            {send.isPending ? t('onboarding.submitting') : t('onboarding.email.continueWith')}
          </button>
          <button type="button" className={card.secondary} onClick={() => setOther(true)}>
            {t('onboarding.email.other')}
          </button>
        </div>
      )}
      {other && (
        <form
          className={card.form}
          noValidate
          aria-busy={send.isPending}
          onSubmit={handleSubmit(({ email }) => go(email.trim()))}
        >
          <Field
            id={`${id}-email`}
            label={t('onboarding.email.otherLabel')}
            error={fieldError && t(fieldError)}
          >
            {(control) => <input {...control} type="email" autoComplete="email" {...register('email')} />}
          </Field>
          <FormError error={formError} />
          <SubmitButton busy={send.isPending} label={t('onboarding.email.sendTo')} />
        </form>
      )}
      <Link to={PATHS.onboardingCreate} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
