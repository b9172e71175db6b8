import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useAcceptTerms } from '../api/acceptTerms';
import { FormError, SubmitButton } from '../components/FormError';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

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
  const [terms, setTerms] = useState(state.terms_accepted);
  const [privacy, setPrivacy] = useState(state.terms_accepted);
  const [email, setEmail] = useState(state.marketing_email);
  const [sms, setSms] = useState(state.marketing_sms);
  const [missing, setMissing] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!terms || !privacy) return setMissing(true);
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
  };

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
              checked={terms}
              required
              aria-invalid={missing && !terms ? true : undefined}
              onChange={(event) => {
                setTerms(event.target.checked);
                setMissing(false);
              }}
            />
            <span>{t('onboarding.terms.acceptTerms')}</span>
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={privacy}
              required
              aria-invalid={missing && !privacy ? true : undefined}
              onChange={(event) => {
                setPrivacy(event.target.checked);
                setMissing(false);
              }}
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
            <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} />
            <span>{t('onboarding.terms.marketingEmail')}</span>
          </label>
          <label className={styles.check}>
            <input type="checkbox" checked={sms} onChange={(event) => setSms(event.target.checked)} />
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
