import { formatPhone } from '@vestibule/contract/phone';
import type { ContactChallenge } from '@vestibule/contract/schemas/profile';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { loginInputError } from '../../../lib/contactInput';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useUser } from '../../../lib/user';
import { confirmLoginChange, startLoginChange } from '../api/changeLogin';
import { useSetUser } from '../api/updateProfile';
import { CodeForm } from '../components/CodeForm';
import styles from '../components/Profile.module.css';

/** /profile/edit-credentials (step-up first): a new e-mail or phone as login, proven by a code. */
export function EditCredentialsRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const user = useUser();
  const setUser = useSetUser();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<ContactChallenge | null>(null);

  const email = user.data?.email.find((e) => e.default)?.email;
  const phone = user.data?.phone.find((p) => p.default)?.phone;

  function failure(cause: unknown): string {
    // SPEC §5: a 422 carries a message field used as the error text.
    if (cause instanceof ApiError && cause.status === 422) return cause.message;
    return errorMessage(t, cause, t('profile.credentials.failed'));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!login.trim()) {
      setError(t('profile.credentials.required'));
      return;
    }
    // A malformed e-mail or number is told here, not sent (the server would answer the same 422).
    const malformed = loginInputError(login);
    if (malformed) {
      setError(t(`errors.${malformed}`));
      return;
    }
    setBusy(true);
    try {
      setChallenge(await startLoginChange(login));
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else if (cause instanceof ApiError && cause.status === 422) setError(cause.message);
      else setFormError(failure(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.narrow}>
      <Link to={PATHS.profile} className={styles.back}>
        ← {t('profile.back')}
      </Link>
      <h1>{t('profile.credentials.title')}</h1>
      <p className={styles.intro}>{t('profile.credentials.intro')}</p>
      <div className={styles.card}>
        <dl className={styles.details}>
          <div>
            <dt>{t('profile.credentials.current')}</dt>
            <dd>
              {[email, phone && formatPhone(phone)].filter(Boolean).map((value) => (
                <span key={value} className={styles.line}>
                  {value}
                </span>
              ))}
            </dd>
          </div>
        </dl>
        {formError && (
          <div className={styles.formError} role="alert">
            {formError}
          </div>
        )}
        {challenge ? (
          <CodeForm
            challenge={challenge}
            onCancel={() => setChallenge(null)}
            otherError={failure}
            confirm={async (code) => {
              const { data } = await confirmLoginChange(challenge.payload, code);
              setUser(data);
              toast.show('success', t('profile.credentials.toast'));
              navigate(PATHS.profile);
            }}
          />
        ) : (
          <form className={styles.form} noValidate onSubmit={submit}>
            <div className={styles.field}>
              <label htmlFor={`${id}-login`} className={styles.label}>
                {t('profile.credentials.newLogin')}
              </label>
              <p id={`${id}-hint`} className={styles.hint}>
                {t('profile.credentials.hint')}
              </p>
              <input
                id={`${id}-login`}
                className={styles.input}
                autoComplete="username"
                value={login}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                onChange={(event) => {
                  setLogin(event.target.value);
                  setError(null);
                }}
              />
              {error && (
                <p id={`${id}-error`} className={styles.fieldError} role="alert">
                  {error}
                </p>
              )}
            </div>
            <div className={styles.buttons}>
              <button type="submit" className={styles.button} disabled={busy}>
                {busy ? t('profile.contact.sending') : t('profile.contact.sendCode')}
              </button>
              <Link to={PATHS.profile} className={styles.secondary}>
                {t('profile.cancel')}
              </Link>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
