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
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { destinationAfterLogin } from '../../../lib/afterLogin';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { removeSessionValue, sessionValue, tokenStore } from '../../../lib/storage';
import { fetchUser, personalData, useUser } from '../../../lib/user';
import { LogoutButton } from '../../session';
import { useChangeWeakPassword } from '../api/changeWeakPassword';

const schema = newPasswordSchema({
  required: 'mfa.weakPassword.required',
  confirmationRequired: 'mfa.weakPassword.confirmationRequired',
  mismatch: 'mfa.weakPassword.mismatch',
});
type Fields = z.infer<typeof schema>;
type FieldKey =
  | 'mfa.weakPassword.required'
  | 'mfa.weakPassword.confirmationRequired'
  | 'mfa.weakPassword.mismatch'
  | `errors.${ErrorCode}`;

/** /weak-password: a weak password (password_status 1 or 2) must be replaced after login. */
export function WeakPasswordRoute() {
  const { t } = useTranslation();
  const id = useId();
  if (tokenStore.get() === null)
    return (
      <div className={styles.page}>
        <section className={styles.card} aria-labelledby={`${id}-title`}>
          <h1 id={`${id}-title`}>{t('mfa.weakPassword.title')}</h1>
          <p className={styles.intro}>{t('mfa.weakPassword.notLoggedIn')}</p>
          <Link to={PATHS.loginEmail} className={styles.submit}>
            {t('mfa.weakPassword.login')}
          </Link>
        </section>
      </div>
    );
  // Signed in without a login that found the password weak: nothing to replace here.
  if (sessionValue('weakPassword') === null) return <Navigate to={PATHS.dashboard} replace />;
  return <WeakPasswordForm />;
}

function WeakPasswordForm() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const user = useUser();
  const change = useChangeWeakPassword();
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
    // The rules this screen can judge (length, personal data) never reach the server broken.
    const local = localPasswordError(fields.password, personalData(user.data));
    if (local) return setError('password', { message: `errors.${local}` }, { shouldFocus: true });
    try {
      await change.mutateAsync(fields.password);
      removeSessionValue('weakPassword');
      toast.show('success', t('mfa.weakPassword.success'));
      navigate(await destinationAfterLogin(await fetchUser()), { replace: true });
    } catch (error) {
      const message = newPasswordError(error);
      if (message) setError('password', { message }, { shouldFocus: true });
    }
  });

  const passwordError = errors.password?.message as FieldKey | undefined;
  const confirmationError = errors.confirmation?.message as FieldKey | undefined;
  const formError = newPasswordError(change.error) ? null : change.error;
  const stale = formError instanceof ApiError && formError.code === 'session_not_fresh';
  const busy = isSubmitting || change.isPending;
  const username = user.data?.email.find((e) => e.default)?.email ?? '';

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.weakPassword.title')}</h1>
        <p className={styles.intro}>{t('mfa.weakPassword.intro')}</p>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <NewPasswordFields
            id={id}
            labels={{
              password: t('mfa.weakPassword.password'),
              confirmation: t('mfa.weakPassword.confirmation'),
              show: t('mfa.weakPassword.showPassword'),
            }}
            password={register('password')}
            confirmation={register('confirmation')}
            value={password}
            personal={personalData(user.data)}
            passwordError={passwordError && t(passwordError)}
            confirmationError={confirmationError && t(confirmationError)}
            shown={shown}
            onToggleShown={() => setShown((value) => !value)}
          />

          {formError && (
            <div role="alert" className={styles.formError}>
              <p>{errorMessage(t, formError)}</p>
              {stale && <Link to={PATHS.loginEmail}>{t('mfa.weakPassword.login')}</Link>}
            </div>
          )}

          <button type="submit" className={styles.submit} disabled={busy}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {t(busy ? 'mfa.weakPassword.submitting' : 'mfa.weakPassword.submit')}
          </button>
        </form>
        <ul className={styles.links}>
          <li>
            <LogoutButton className={styles.linkButton} />
          </li>
        </ul>
      </section>
    </div>
  );
}
