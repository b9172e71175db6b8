import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorCode } from '@vestibule/contract/errors';
import { localPasswordError } from '@vestibule/contract/password';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { CapsLockNotice } from '../../../components/CapsLockNotice';
import { Icon } from '../../../components/Icon';
import {
  NewPasswordFields,
  newPasswordError,
  newPasswordSchema,
} from '../../../components/NewPasswordFields';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { personalData, useUser } from '../../../lib/user';
import { useChangePassword } from '../api/changePassword';
import { Breadcrumbs } from '../components/Breadcrumbs';
import styles from '../components/Security.module.css';

const schema = newPasswordSchema(
  {
    required: 'security.editPassword.required.password',
    confirmationRequired: 'security.editPassword.required.confirmation',
    mismatch: 'security.editPassword.mismatch',
  },
  { current: z.string().min(1, 'security.editPassword.required.current'), endOthers: z.boolean() },
);
type Fields = z.infer<typeof schema>;
type MessageKey =
  | 'security.editPassword.required.current'
  | 'security.editPassword.required.password'
  | 'security.editPassword.required.confirmation'
  | 'security.editPassword.mismatch'
  | `errors.${ErrorCode}`;

/** /security/edit-password (step-up first, SPEC §4 rule 5): current password, new one, rules. */
export function EditPasswordRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const user = useUser();
  const change = useChangePassword();
  const [shown, setShown] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({
    resolver: zodResolver(schema),
    defaultValues: { current: '', password: '', confirmation: '', endOthers: true },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (fields) => {
    // The rules this screen can judge (length, personal data, the same as the current one typed)
    // never reach the server broken.
    const local =
      localPasswordError(fields.password, personalData(user.data)) ??
      (fields.password === fields.current ? 'password_unchanged' : undefined);
    if (local) return setError('password', { message: `errors.${local}` }, { shouldFocus: true });
    try {
      const answer = await change.mutateAsync({
        current_password: fields.current,
        password: fields.password,
        end_other_sessions: fields.endOthers,
      });
      toast.show(
        'success',
        answer.sessions_ended > 0
          ? t('security.editPassword.successEnded', { count: answer.sessions_ended })
          : t('security.editPassword.success'),
      );
      navigate(PATHS.security, { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      // A single step-up was already used: prove a factor again and come back here.
      if (error.code === 'sudo_required') navigate(stepUpAgainPath());
      else if (error.code === 'current_password_invalid')
        setError('current', { message: 'errors.current_password_invalid' }, { shouldFocus: true });
      else if (newPasswordError(error))
        setError('password', { message: newPasswordError(error) }, { shouldFocus: true });
    }
  });

  const currentError = errors.current?.message as MessageKey | undefined;
  const passwordError = errors.password?.message as MessageKey | undefined;
  const confirmationError = errors.confirmation?.message as MessageKey | undefined;
  const handled =
    change.error instanceof ApiError &&
    (change.error.code === 'sudo_required' ||
      change.error.code === 'current_password_invalid' ||
      newPasswordError(change.error) !== undefined);
  const formError = change.error && !handled ? change.error : null;
  const busy = isSubmitting || change.isPending;
  const username = user.data?.email.find((e) => e.default)?.email ?? '';

  return (
    <div className={styles.page}>
      <Breadcrumbs current={t('security.breadcrumbs.editPassword')} />
      <section className={`${styles.card} ${styles.formCard}`} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('security.editPassword.title')}</h1>
        <p className={styles.intro}>{t('security.editPassword.intro')}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <div className={styles.field}>
            <label htmlFor={`${id}-current`} className={styles.label}>
              {t('security.editPassword.current')}
            </label>
            <input
              id={`${id}-current`}
              className={styles.input}
              type={shown ? 'text' : 'password'}
              autoComplete="current-password"
              aria-invalid={currentError ? true : undefined}
              aria-describedby={currentError ? `${id}-current-error` : undefined}
              {...register('current')}
            />
            <CapsLockNotice inputId={`${id}-current`} />
            {currentError && (
              <p id={`${id}-current-error`} className={styles.fieldError}>
                {t(currentError)}
              </p>
            )}
          </div>
          {/* The show button below reveals the current password too: no eye inside the field. */}
          <NewPasswordFields
            id={id}
            labels={{
              password: t('security.editPassword.password'),
              confirmation: t('security.editPassword.confirmation'),
            }}
            password={register('password')}
            confirmation={register('confirmation')}
            value={password}
            personal={personalData(user.data)}
            passwordError={passwordError && t(passwordError)}
            confirmationError={confirmationError && t(confirmationError)}
            shown={shown}
          />
          <button
            type="button"
            className={styles.revealButton}
            aria-pressed={shown}
            aria-controls={`${id}-current ${id}-password ${id}-confirmation`}
            onClick={() => setShown((value) => !value)}
          >
            <Icon name={shown ? 'eyeOff' : 'eye'} size={20} />
            {t('security.editPassword.showPasswords')}
          </button>
          <div className={styles.checkboxField}>
            <input
              id={`${id}-end`}
              type="checkbox"
              aria-describedby={`${id}-end-hint`}
              {...register('endOthers')}
            />
            <label htmlFor={`${id}-end`}>
              <span className={styles.label}>{t('security.editPassword.endOthers')}</span>
              <span id={`${id}-end-hint`} className={styles.hint}>
                {t('security.editPassword.endOthersHint')}
              </span>
            </label>
          </div>
          {formError && (
            <div role="alert" className={styles.formError}>
              <p>{errorMessage(t, formError)}</p>
            </div>
          )}
          <div className={styles.formActions}>
            <button type="submit" className={styles.primaryButton} disabled={busy}>
              {t(busy ? 'security.editPassword.submitting' : 'security.editPassword.submit')}
            </button>
            <Link to={PATHS.security} className={styles.secondaryButton}>
              {t('security.editPassword.cancel')}
            </Link>
          </div>
        </form>
      </section>
    </div>
  );
}
