import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import card from '../../../components/Card.module.css';
import { Field } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { contactInputError } from '../../../lib/contactInput';
import { PATHS } from '../../../lib/paths';
import { useSendPhoneCode } from '../api/sendPhoneCode';
import { withResendAt } from '../components/challenge';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

// Messages are translation keys, resolved when shown. A malformed number is told here, not sent
// (the server would answer the same 422).
const schema = z.object({
  phone: z
    .string()
    .refine((phone) => phone.trim() !== '', 'onboarding.phone.required')
    .refine((phone) => !contactInputError('phone', phone), 'errors.onboarding_invalid_phone'),
});
type FieldKey = 'onboarding.phone.required' | 'errors.onboarding_invalid_phone';

/** /onboarding/phone-verification: the mobile number, which gets an SMS code. */
export function PhoneVerificationRoute() {
  return <RequireFlow step="phone" render={(flow) => <PhoneForm flow={flow} />} />;
}

function PhoneForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const send = useSendPhoneCode(flow.state.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { phone: flow.state.phone ?? '' } });

  const onSubmit = handleSubmit(async ({ phone }) => {
    try {
      const answer = await send.mutateAsync({ phone });
      flow.save({
        state: answer.state,
        challenge: answer.challenge ? withResendAt(answer.challenge) : undefined,
      });
      navigate(PATHS.onboardingMfa);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'onboarding_invalid_phone')
        setError('phone', { message: 'errors.onboarding_invalid_phone' }, { shouldFocus: true });
    }
  });

  const fieldError = errors.phone?.message as FieldKey | undefined;
  const formError =
    send.error instanceof ApiError && send.error.code === 'onboarding_invalid_phone' ? null : send.error;
  return (
    <OnboardingPage step={5} title={t('onboarding.phone.title')} intro={t('onboarding.phone.intro')}>
      <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={send.isPending}>
        <Field
          id={`${id}-phone`}
          label={t('onboarding.phone.label')}
          hint={t('onboarding.phone.hint')}
          error={fieldError && t(fieldError)}
        >
          {(control) => <input {...control} type="tel" autoComplete="tel" {...register('phone')} />}
        </Field>
        <FormError error={formError} />
        <SubmitButton busy={send.isPending} label={t('onboarding.phone.submit')} />
      </form>
      <Link to={PATHS.onboardingEmailVerification} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
