import { useId } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import styles from '../../../components/Card.module.css';
import {
  NewPasswordFields,
  newPasswordError,
  useNewPasswordForm,
} from '../../../components/NewPasswordFields';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useResetPassword } from '../api/resetPassword';
import { type RecoveryState, readRecovery, writeRecovery } from '../recoveryState';

const TEXTS = {
  required: 'recovery.reset.required',
  confirmationRequired: 'recovery.reset.confirmationRequired',
  mismatch: 'recovery.reset.mismatch',
  password: 'recovery.reset.password',
  confirmation: 'recovery.reset.confirmation',
  show: 'recovery.reset.showPassword',
} as const;

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
  // No personal data before login: the rules list judges length only.
  const form = useNewPasswordForm({
    texts: TEXTS,
    save: async (password) => {
      await reset.mutateAsync({ reset_token: state.resetToken, password });
      writeRecovery({ ...state, resetToken: undefined, done: true });
      navigate(PATHS.resetPasswordConfirmed, { replace: true });
    },
  });

  const formError = newPasswordError(reset.error) ? null : reset.error;
  const expired = formError instanceof ApiError && formError.code === 'reset_expired';
  const busy = form.isSubmitting || reset.isPending;
  const startAgain = state.usernameKind === 'phone' ? PATHS.forgotPasswordPhone : PATHS.forgotPasswordEmail;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('recovery.reset.title')}</h1>
        <p className={styles.intro}>{t('recovery.reset.intro')}</p>

        <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={busy}>
          {/* Lets password managers store the new password under the right username. */}
          <input type="text" name="username" autoComplete="username" value={state.username} readOnly hidden />
          <NewPasswordFields id={id} {...form.fields} />

          {formError && (
            <div role="alert" className={styles.formError}>
              <p>{errorMessage(t, formError)}</p>
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
