import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorCode } from '@vestibule/contract/errors';
import { brokenLocalPasswordRules, type PasswordRuleId } from '@vestibule/contract/password';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { PATHS } from '../../../app/paths';
import styles from '../../../components/Card.module.css';
import { Icon } from '../../../components/Icon';
import { PasswordRules } from '../../../components/PasswordRules';
import { ApiError, errorKey } from '../../../lib/api';
import { useResetPassword } from '../api/resetPassword';
import { type RecoveryState, readRecovery, writeRecovery } from '../recoveryState';

const schema = z
  .object({
    password: z.string().min(1, 'recovery.reset.required'),
    confirmation: z.string().min(1, 'recovery.reset.confirmationRequired'),
  })
  .refine((fields) => fields.password === fields.confirmation, {
    path: ['confirmation'],
    message: 'recovery.reset.mismatch',
  });
type Fields = z.infer<typeof schema>;
type FieldKey =
  | 'recovery.reset.required'
  | 'recovery.reset.confirmationRequired'
  | 'recovery.reset.mismatch'
  | `errors.${ErrorCode}`;

/** Answers the server gives about the password itself: shown under the field. */
const PASSWORD_ERRORS: readonly ErrorCode[] = [
  'password_too_short',
  'password_too_long',
  'password_common',
  'password_personal',
  'password_unchanged',
];

/** /reset-password: the new password and its confirmation, with the rules listed (DESIGN §4). */
export function ResetPasswordRoute() {
  const state = readRecovery();
  if (!state?.resetToken || state.done) return <Navigate to={PATHS.forgotPasswordEmail} replace />;
  return <ResetForm state={state as RecoveryState & { resetToken: string }} />;
}

function ResetForm({ state }: { state: RecoveryState & { resetToken: string } }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [shown, setShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({ resolver: zodResolver(schema), defaultValues: { password: '', confirmation: '' } });
  const password = useWatch({ control, name: 'password' });
  const met = useMemo(() => {
    const broken = brokenLocalPasswordRules(password);
    // Only length can be judged here; the blocklist and personal data are the server's to check.
    return new Set<PasswordRuleId>(password && !broken.includes('length') ? ['length'] : []);
  }, [password]);

  const onSubmit = handleSubmit(async (fields) => {
    try {
      await reset.mutateAsync({ reset_token: state.resetToken, password: fields.password });
      writeRecovery({ ...state, resetToken: undefined, done: true });
      navigate(PATHS.resetPasswordConfirmed, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code && PASSWORD_ERRORS.includes(error.code))
        setError('password', { message: `errors.${error.code}` }, { shouldFocus: true });
    }
  });

  const passwordError = errors.password?.message as FieldKey | undefined;
  const confirmationError = errors.confirmation?.message as FieldKey | undefined;
  const formError =
    reset.error instanceof ApiError && reset.error.code && PASSWORD_ERRORS.includes(reset.error.code)
      ? null
      : reset.error;
  const expired = formError instanceof ApiError && formError.code === 'reset_expired';
  const busy = isSubmitting || reset.isPending;
  const startAgain = state.usernameKind === 'phone' ? PATHS.forgotPasswordPhone : PATHS.forgotPasswordEmail;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('recovery.reset.title')}</h1>
        <p className={styles.intro}>{t('recovery.reset.intro')}</p>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          {/* Lets password managers store the new password under the right username. */}
          <input type="text" name="username" autoComplete="username" value={state.username} readOnly hidden />
          <div className={styles.field}>
            <label htmlFor={`${id}-password`} className={styles.label}>
              {t('recovery.reset.password')}
            </label>
            <div className={styles.passwordRow}>
              <input
                id={`${id}-password`}
                className={`${styles.input} ${styles.passwordInput}`}
                type={shown ? 'text' : 'password'}
                autoComplete="new-password"
                aria-invalid={passwordError ? true : undefined}
                aria-describedby={`${id}-rules${passwordError ? ` ${id}-password-error` : ''}`}
                {...register('password')}
              />
              <button
                type="button"
                className={styles.reveal}
                aria-pressed={shown}
                aria-controls={`${id}-password ${id}-confirmation`}
                onClick={() => setShown((value) => !value)}
              >
                <Icon name={shown ? 'eyeOff' : 'eye'} size={20} />
                <span className="visually-hidden">{t('recovery.reset.showPassword')}</span>
              </button>
            </div>
            {passwordError && (
              <p id={`${id}-password-error`} className={styles.fieldError}>
                {t(passwordError)}
              </p>
            )}
          </div>

          <PasswordRules id={`${id}-rules`} met={met} />

          <div className={styles.field}>
            <label htmlFor={`${id}-confirmation`} className={styles.label}>
              {t('recovery.reset.confirmation')}
            </label>
            <input
              id={`${id}-confirmation`}
              className={styles.input}
              type={shown ? 'text' : 'password'}
              autoComplete="new-password"
              aria-invalid={confirmationError ? true : undefined}
              aria-describedby={confirmationError ? `${id}-confirmation-error` : undefined}
              {...register('confirmation')}
            />
            {confirmationError && (
              <p id={`${id}-confirmation-error`} className={styles.fieldError}>
                {t(confirmationError)}
              </p>
            )}
          </div>

          {formError && (
            <div role="alert" className={styles.formError}>
              <p>{t(errorKey(formError))}</p>
              {expired && <Link to={startAgain}>{t('recovery.startAgain')}</Link>}
            </div>
          )}

          <button type="submit" className={styles.submit} disabled={busy}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {t(busy ? 'recovery.reset.submitting' : 'recovery.reset.submit')}
          </button>
        </form>
      </section>
    </div>
  );
}
