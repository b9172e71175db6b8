import { parseIban } from '@vestibule/contract/iban';
import type { User } from '@vestibule/contract/schemas/user';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { changedElsewhere } from '../../../lib/profileVersion';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useUser } from '../../../lib/user';
import { updateIban } from '../api/updateIban';
import { useSetUser } from '../api/updateProfile';
import { ChangedElsewhere } from '../components/ChangedElsewhere';
import styles from '../components/Profile.module.css';

/** /profile/edit-iban (step-up first): a SEPA IBAN, checked here and by the server (SPEC §5). */
export function EditIbanRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const setUser = useSetUser();
  const [iban, setIban] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const user = useUser();
  const [elsewhere, setElsewhere] = useState<{ before: User; after: User } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    setElsewhere(null);
    if (!iban.trim()) return setError(t('profile.iban.required'));
    if (!parseIban(iban)) return setError(t('profile.iban.invalid'));
    setBusy(true);
    try {
      const { data } = await updateIban(iban);
      setUser(data);
      toast.show('success', t('profile.iban.toast'));
      navigate(PATHS.profile);
    } catch (cause) {
      // Changed elsewhere since this page read the user: say what, keep the IBAN typed here.
      const current = changedElsewhere(cause);
      if (current && user.data) setElsewhere({ before: user.data, after: current });
      if (current) setUser(current);
      else if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else if (cause instanceof ApiError && cause.code === 'invalid_iban')
        setError(t('profile.iban.invalid'));
      else setFormError(errorMessage(t, cause, t('profile.iban.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.narrow}>
      <Link to={PATHS.profile} className={styles.back}>
        ← {t('profile.back')}
      </Link>
      <h1>{t('profile.iban.title')}</h1>
      <p className={styles.intro}>{t('profile.iban.intro')}</p>
      <form className={`${styles.card} ${styles.form}`} noValidate onSubmit={submit}>
        {formError && (
          <div className={styles.formError} role="alert">
            {formError}
          </div>
        )}
        {elsewhere && <ChangedElsewhere before={elsewhere.before} after={elsewhere.after} kept="form" />}
        <div className={styles.field}>
          <label htmlFor={`${id}-iban`} className={styles.label}>
            {t('profile.iban.label')}
          </label>
          <p id={`${id}-hint`} className={styles.hint}>
            {t('profile.iban.hint')}
          </p>
          <input
            id={`${id}-iban`}
            className={styles.input}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={42}
            value={iban}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={(event) => {
              setIban(event.target.value);
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
            {busy ? t('profile.saving') : t('profile.save')}
          </button>
          <Link to={PATHS.profile} className={styles.secondary}>
            {t('profile.cancel')}
          </Link>
        </div>
      </form>
    </div>
  );
}
