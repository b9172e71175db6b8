import type { ErrorCode } from '@vestibule/contract/errors';
import { brokenLocalPasswordRules, type PasswordRuleId } from '@vestibule/contract/password';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { Icon } from '../../../components/Icon';
import { PasswordRules } from '../../../components/PasswordRules';
import { ApiError, errorKey } from '../../../lib/api';
import { useCompleteOnboarding } from '../api/completeOnboarding';
import { FormError, SubmitButton } from '../components/FormError';
import styles from '../components/Onboarding.module.css';
import { OnboardingPage } from '../components/OnboardingPage';
import { type Flow, RequireFlow } from '../components/useFlow';

const PASSWORD_ERRORS: readonly ErrorCode[] = [
  'password_too_short',
  'password_too_long',
  'password_common',
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
  const met = useMemo(() => {
    // Length and personal data are judged here; the blocklist is the server's to check.
    const broken = brokenLocalPasswordRules(password, { emails: email ? [email] : [], firstname, lastname });
    const ok = new Set<PasswordRuleId>();
    if (password && !broken.includes('length')) ok.add('length');
    if (password && !broken.includes('not_personal')) ok.add('not_personal');
    return ok;
  }, [password, email, firstname, lastname]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setPasswordError(password ? null : t('onboarding.password.required'));
    setConfirmationError(
      !confirmation
        ? t('onboarding.password.confirmationRequired')
        : confirmation !== password
          ? t('onboarding.password.mismatch')
          : null,
    );
    if (!password || confirmation !== password) return;
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
        setPasswordError(t(errorKey(error)));
    }
  };

  const formError =
    complete.error instanceof ApiError && complete.error.code && PASSWORD_ERRORS.includes(complete.error.code)
      ? null
      : complete.error;
  return (
    <OnboardingPage step={6} title={t('onboarding.password.title')} intro={t('onboarding.password.intro')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={complete.isPending}>
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={flow.state.email ?? ''}
          readOnly
          hidden
        />
        <div className={styles.field}>
          <label htmlFor={`${id}-password`} className={styles.label}>
            {t('onboarding.password.password')}
          </label>
          <div className={styles.passwordRow}>
            <input
              id={`${id}-password`}
              className={`${styles.input} ${styles.passwordInput}`}
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              value={password}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={`${id}-rules${passwordError ? ` ${id}-password-error` : ''}`}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
            />
            <button
              type="button"
              className={styles.reveal}
              aria-pressed={shown}
              aria-controls={`${id}-password ${id}-confirmation`}
              onClick={() => setShown((value) => !value)}
            >
              <Icon name={shown ? 'eyeOff' : 'eye'} size={20} />
              <span className="visually-hidden">{t('onboarding.password.show')}</span>
            </button>
          </div>
          {passwordError && (
            <p id={`${id}-password-error`} className={styles.fieldError}>
              {passwordError}
            </p>
          )}
        </div>
        <PasswordRules id={`${id}-rules`} met={met} />
        <div className={styles.field}>
          <label htmlFor={`${id}-confirmation`} className={styles.label}>
            {t('onboarding.password.confirmation')}
          </label>
          <input
            id={`${id}-confirmation`}
            className={styles.input}
            type={shown ? 'text' : 'password'}
            autoComplete="new-password"
            value={confirmation}
            aria-invalid={confirmationError ? true : undefined}
            aria-describedby={confirmationError ? `${id}-confirmation-error` : undefined}
            onChange={(event) => {
              setConfirmation(event.target.value);
              setConfirmationError(null);
            }}
          />
          {confirmationError && (
            <p id={`${id}-confirmation-error`} className={styles.fieldError}>
              {confirmationError}
            </p>
          )}
        </div>
        <FormError error={formError} />
        <SubmitButton busy={complete.isPending} label={t('onboarding.password.submit')} />
      </form>
    </OnboardingPage>
  );
}
