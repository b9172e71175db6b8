import { zodResolver } from '@hookform/resolvers/zod';
import type { Edition } from '@vestibule/contract/editions';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Icon } from '../../../components/Icon';
import { errorKey } from '../../../lib/api';
import { useLogIn } from '../api/createToken';
import styles from './LoginForm.module.css';

export type LoginMode = 'email' | 'phone';

// Messages are translation keys, resolved when shown, so a language switch re-translates them.
const schemas = {
  email: z.object({
    username: z.string().trim().min(1, 'login.required.email').pipe(z.email('login.invalid.email')),
    password: z.string().min(1, 'login.required.password'),
  }),
  phone: z.object({
    username: z.string().trim().min(1, 'login.required.phone'),
    password: z.string().min(1, 'login.required.password'),
  }),
};

type LoginFields = z.infer<(typeof schemas)['email']>;
type FieldKey =
  | 'login.required.email'
  | 'login.required.phone'
  | 'login.required.password'
  | `login.invalid.${LoginMode}`;

interface LoginFormProps {
  mode: LoginMode;
  edition: Edition;
  clientId: string | undefined;
  /** Where to go next: mfa-methods, weak-password, setup-mfa or the stored target. */
  onLoggedIn: (next: string) => void;
}

export function LoginForm({ mode, edition, clientId, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const logIn = useLogIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFields>({
    resolver: zodResolver(schemas[mode]),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ username, password }) => {
    let name = username;
    if (mode === 'phone') {
      // libphonenumber loads only when a phone is submitted: the e-mail login never needs it.
      const { toE164 } = await import('@vestibule/contract/phone');
      const e164 = toE164(username, edition.phoneRegion);
      if (!e164) {
        setError('username', { message: 'login.invalid.phone' }, { shouldFocus: true });
        return;
      }
      name = e164;
    }
    try {
      const outcome = await logIn.mutateAsync({ username: name, password, client_id: clientId });
      onLoggedIn(outcome.next);
    } catch {
      // The mutation keeps the error; it is shown next to the form below.
    }
  });

  const busy = isSubmitting || logIn.isPending;
  const usernameError = errors.username?.message as FieldKey | undefined;
  const passwordError = errors.password?.message as FieldKey | undefined;
  const hintId = `${id}-hint`;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className={styles.field}>
        <label htmlFor={`${id}-username`} className={styles.label}>
          {t(mode === 'email' ? 'login.email' : 'login.phone')}
        </label>
        {mode === 'phone' && (
          <p id={hintId} className={styles.hint}>
            {t('login.phoneHint')}
          </p>
        )}
        <input
          id={`${id}-username`}
          className={styles.input}
          type={mode === 'email' ? 'email' : 'tel'}
          inputMode={mode === 'email' ? 'email' : 'tel'}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={
            [mode === 'phone' ? hintId : '', usernameError ? `${id}-username-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          {...register('username')}
        />
        {usernameError && (
          <p id={`${id}-username-error`} className={styles.fieldError}>
            {t(usernameError)}
          </p>
        )}
      </div>

      <div className={styles.field}>
        <label htmlFor={`${id}-password`} className={styles.label}>
          {t('login.password')}
        </label>
        <div className={styles.passwordRow}>
          <input
            id={`${id}-password`}
            className={`${styles.input} ${styles.passwordInput}`}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            {...register('password')}
          />
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={showPassword}
            aria-controls={`${id}-password`}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            <Icon name={showPassword ? 'eyeOff' : 'eye'} size={20} />
            <span className="visually-hidden">{t('login.showPassword')}</span>
          </button>
        </div>
        {passwordError && (
          <p id={`${id}-password-error`} className={styles.fieldError}>
            {t(passwordError)}
          </p>
        )}
      </div>

      {logIn.error && (
        <p role="alert" className={styles.formError}>
          {t(errorKey(logIn.error))}
        </p>
      )}

      <button type="submit" className={styles.submit} disabled={busy}>
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {t(busy ? 'login.submitting' : 'login.submit')}
      </button>
    </form>
  );
}
