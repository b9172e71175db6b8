import { useId } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import styles from '../../../components/Card.module.css';
import {
  NewPasswordFields,
  newPasswordError,
  useNewPasswordForm,
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

const TEXTS = {
  required: 'mfa.weakPassword.required',
  confirmationRequired: 'mfa.weakPassword.confirmationRequired',
  mismatch: 'mfa.weakPassword.mismatch',
  password: 'mfa.weakPassword.password',
  confirmation: 'mfa.weakPassword.confirmation',
  show: 'mfa.weakPassword.showPassword',
} as const;

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
  const form = useNewPasswordForm({
    texts: TEXTS,
    personal: personalData(user.data),
    save: async (password) => {
      await change.mutateAsync(password);
      removeSessionValue('weakPassword');
      toast.show('success', t('mfa.weakPassword.success'));
      navigate(await destinationAfterLogin(await fetchUser()), { replace: true });
    },
  });

  const formError = newPasswordError(change.error) ? null : change.error;
  const stale = formError instanceof ApiError && formError.code === 'session_not_fresh';
  const busy = form.isSubmitting || change.isPending;
  const username = user.data?.email.find((e) => e.default)?.email ?? '';

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('mfa.weakPassword.title')}</h1>
        <p className={styles.intro}>{t('mfa.weakPassword.intro')}</p>

        <form className={styles.form} onSubmit={form.onSubmit} noValidate aria-busy={busy}>
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <NewPasswordFields id={id} {...form.fields} />

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
