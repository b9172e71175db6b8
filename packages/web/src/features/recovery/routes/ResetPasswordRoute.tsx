import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorCode } from '@vestibule/contract/errors';
import { localPasswordError } from '@vestibule/contract/password';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import styles from '../../../components/Card.module.css';
import {
  NewPasswordFields,
  newPasswordError,
  newPasswordSchema,
} from '../../../components/NewPasswordFields';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useResetPassword } from '../api/resetPassword';
import { type RecoveryState, readRecovery, writeRecovery } from '../recoveryState';

const schema = newPasswordSchema({
  required: 'recovery.reset.required',
  confirmationRequired: 'recovery.reset.confirmationRequired',
  mismatch: 'recovery.reset.mismatch',
});
type Fields = z.infer<typeof schema>;
type FieldKey =
  | 'recovery.reset.required'
  | 'recovery.reset.confirmationRequired'
  | 'recovery.reset.mismatch'
  | `errors.${ErrorCode}`;

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

  const onSubmit = handleSubmit(async (fields) => {
    // What the rules can tell without the account (length) never reaches the server.
    const local = localPasswordError(fields.password);
    if (local) return setError('password', { message: `errors.${local}` }, { shouldFocus: true });
    try {
      await reset.mutateAsync({ reset_token: state.resetToken, password: fields.password });
      writeRecovery({ ...state, resetToken: undefined, done: true });
      navigate(PATHS.resetPasswordConfirmed, { replace: true });
    } catch (error) {
      const message = newPasswordError(error);
      if (message) setError('password', { message }, { shouldFocus: true });
    }
  });

  const passwordError = errors.password?.message as FieldKey | undefined;
  const confirmationError = errors.confirmation?.message as FieldKey | undefined;
  const formError = newPasswordError(reset.error) ? null : reset.error;
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
          {/* No personal data before login: the rules list judges length only. */}
          <NewPasswordFields
            id={id}
            labels={{
              password: t('recovery.reset.password'),
              confirmation: t('recovery.reset.confirmation'),
              show: t('recovery.reset.showPassword'),
            }}
            password={register('password')}
            confirmation={register('confirmation')}
            value={password}
            passwordError={passwordError && t(passwordError)}
            confirmationError={confirmationError && t(confirmationError)}
            shown={shown}
            onToggleShown={() => setShown((value) => !value)}
          />

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
