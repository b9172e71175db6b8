import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useDescribeAccount } from '../api/describeAccount';
import { FormError, SubmitButton } from '../components/FormError';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

const schema = z.object({
  firstname: z.string().trim().min(1, 'onboarding.create.required.firstname').max(100),
  lastname: z.string().trim().min(1, 'onboarding.create.required.lastname').max(100),
  email: z
    .string()
    .trim()
    .min(1, 'onboarding.create.required.email')
    .pipe(z.email('onboarding.create.invalidEmail')),
});
type Fields = z.infer<typeof schema>;
type FieldKey =
  | 'onboarding.create.required.firstname'
  | 'onboarding.create.required.lastname'
  | 'onboarding.create.required.email'
  | 'onboarding.create.invalidEmail'
  | 'errors.onboarding_invalid_email';

/** /onboarding/create: names and e-mail of the account. */
export function CreateRoute() {
  return <RequireFlow step="create" render={(flow) => <CreateForm flow={flow} />} />;
}

function CreateForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const describe = useDescribeAccount(flow.state.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstname: flow.state.firstname ?? '',
      lastname: flow.state.lastname ?? '',
      email: flow.state.email ?? '',
    },
  });

  const onSubmit = handleSubmit(async (fields) => {
    try {
      const next = await describe.mutateAsync(fields);
      flow.save({ state: next, challenge: undefined });
      navigate(PATHS.onboardingEmailVerification);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'onboarding_invalid_email')
        setError('email', { message: 'errors.onboarding_invalid_email' }, { shouldFocus: true });
    }
  });

  const busy = isSubmitting || describe.isPending;
  const formError =
    describe.error instanceof ApiError && describe.error.code === 'onboarding_invalid_email'
      ? null
      : describe.error;
  const field = (
    name: keyof Fields,
    label: string,
    options: { type?: string; autoComplete: string; hint?: string },
  ) => {
    const error = errors[name]?.message as FieldKey | undefined;
    const describedBy = [options.hint ? `${id}-${name}-hint` : '', error ? `${id}-${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className={card.field}>
        <label htmlFor={`${id}-${name}`} className={card.label}>
          {label}
        </label>
        {options.hint && (
          <p id={`${id}-${name}-hint`} className={card.hint}>
            {options.hint}
          </p>
        )}
        <input
          id={`${id}-${name}`}
          className={card.input}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...register(name)}
        />
        {error && (
          <p id={`${id}-${name}-error`} className={card.fieldError}>
            {t(error)}
          </p>
        )}
      </div>
    );
  };

  return (
    <OnboardingPage step={3} title={t('onboarding.create.title')} intro={t('onboarding.create.intro')}>
      <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
        <div className={card.fieldRow}>
          {field('firstname', t('onboarding.create.firstname'), { autoComplete: 'given-name' })}
          {field('lastname', t('onboarding.create.lastname'), { autoComplete: 'family-name' })}
        </div>
        {field('email', t('onboarding.create.email'), {
          type: 'email',
          autoComplete: 'email',
          hint: t('onboarding.create.emailHint'),
        })}
        <FormError error={formError} />
        <SubmitButton busy={busy} label={t('onboarding.continue')} />
      </form>
      <Link to={PATHS.onboardingTerms} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
