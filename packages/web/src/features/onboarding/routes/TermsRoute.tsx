import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useAcceptTerms } from '../api/acceptTerms';
import { FormError, SubmitButton } from '../components/FormError';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

// Both documents must be accepted: one message under both boxes, on the form's `accepted` key.
const schema = z
  .object({ terms: z.boolean(), privacy: z.boolean(), email: z.boolean(), sms: z.boolean() })
  .refine((fields) => fields.terms && fields.privacy, {
    message: 'onboarding.terms.required',
    path: ['accepted'],
  });
type Fields = z.infer<typeof schema> & { accepted?: never };

/** /onboarding/terms-conditions: terms and privacy (required), marketing preferences (optional). */
export function TermsRoute() {
  return <RequireFlow step="terms" render={(flow) => <TermsForm flow={flow} />} />;
}

function TermsForm({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const { state } = flow;
  const accept = useAcceptTerms(state.id);
  const {
    register,
    handleSubmit,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: {
      terms: state.terms_accepted,
      privacy: state.terms_accepted,
      email: state.marketing_email,
      sms: state.marketing_sms,
    },
  });
  const missing = errors.accepted !== undefined;
  // Ticking either box takes the message away until the next submit.
  const acceptance = { onChange: () => clearErrors('accepted') };

  const onSubmit = handleSubmit(async ({ terms, privacy, email, sms }) => {
    try {
      const next = await accept.mutateAsync({
        terms_version: state.terms.terms_version,
        privacy_version: state.terms.privacy_version,
        accept_terms: terms,
        accept_privacy: privacy,
        marketing_email: email,
        marketing_sms: sms,
      });
      flow.save({ state: next });
      navigate(PATHS.onboardingCreate);
    } catch {
      // Shown below.
    }
  });

  return (
    <OnboardingPage step={2} title={t('onboarding.terms.title')} intro={t('onboarding.terms.intro')}>
      <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={accept.isPending}>
        <div className={styles.document}>
          <h2 className={styles.documentTitle}>{t('onboarding.terms.termsTitle')}</h2>
          <p>{t('onboarding.terms.termsSummary')}</p>
          <p className={styles.documentVersion}>
            {t('onboarding.terms.version', { version: state.terms.terms_version })}
          </p>
        </div>
        <div className={styles.document}>
          <h2 className={styles.documentTitle}>{t('onboarding.terms.privacyTitle')}</h2>
          <p>{t('onboarding.terms.privacySummary')}</p>
          <p className={styles.documentVersion}>
            {t('onboarding.terms.version', { version: state.terms.privacy_version })}
          </p>
        </div>
        <fieldset className={styles.checks} aria-describedby={missing ? `${id}-missing` : undefined}>
          <label className={styles.check}>
            <input
              type="checkbox"
              required
              aria-invalid={missing && !watch('terms') ? true : undefined}
              {...register('terms', acceptance)}
            />
            <span>{t('onboarding.terms.acceptTerms')}</span>
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              required
              aria-invalid={missing && !watch('privacy') ? true : undefined}
              {...register('privacy', acceptance)}
            />
            <span>{t('onboarding.terms.acceptPrivacy')}</span>
          </label>
          {missing && (
            <p id={`${id}-missing`} className={card.fieldError}>
              {t('onboarding.terms.required')}
            </p>
          )}
        </fieldset>
        <fieldset className={styles.checks} aria-describedby={`${id}-preferences`}>
          <legend>{t('onboarding.terms.preferences')}</legend>
          <p id={`${id}-preferences`} className={card.hint}>
            {t('onboarding.terms.preferencesHint')}
          </p>
          <label className={styles.check}>
            <input type="checkbox" {...register('email')} />
            <span>{t('onboarding.terms.marketingEmail')}</span>
          </label>
          <label className={styles.check}>
            <input type="checkbox" {...register('sms')} />
            <span>{t('onboarding.terms.marketingSms')}</span>
          </label>
        </fieldset>
        <FormError error={accept.error} />
        <SubmitButton busy={accept.isPending} label={t('onboarding.continue')} />
      </form>
      <Link to={PATHS.onboardingWelcome} className={card.backLink}>
        {t('onboarding.back')}
      </Link>
    </OnboardingPage>
  );
}
