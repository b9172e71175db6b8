import type { Edition } from '@vestibule/contract/editions';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Icon } from '../../../components/Icon';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useHydrated } from '../../../lib/useClientValue';
import { useLogIn } from '../api/createToken';
import { type LoginFieldErrors, type LoginMode, loadLoginSchemas, validateLogin } from '../loginSchema';
import styles from './LoginForm.module.css';

export type { LoginMode };

interface LoginFormProps {
  mode: LoginMode;
  edition: Edition;
  clientId: string | undefined;
  /** The authorization's login_hint, when it fits this tab (decision 0034). */
  defaultUsername?: string | undefined;
  /** Where to go next: mfa-methods, weak-password, setup-mfa or the stored target. */
  onLoggedIn: (next: string) => void;
}

export function LoginForm({ mode, edition, clientId, defaultUsername, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const logIn = useLogIn();
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const fields = () => ({
    username: usernameRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });
  // Checked on submit, then again at every change (react-hook-form's default, which this replaced).
  const revalidate = async () => {
    if (submitted) setErrors(await validateLogin(mode, fields()));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = await validateLogin(mode, fields());
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const { password } = fields();
      let name = fields().username.trim();
      if (mode === 'phone') {
        // libphonenumber loads only when a phone is submitted: the e-mail login never needs it.
        const { toE164 } = await import('@vestibule/contract/phone');
        const e164 = toE164(name, edition.phoneRegion);
        if (!e164) {
          setErrors({ username: 'login.invalid.phone' });
          usernameRef.current?.focus();
          return;
        }
        name = e164;
      }
      const outcome = await logIn.run({ username: name, password, client_id: clientId });
      onLoggedIn(outcome.next);
    } catch {
      // The hook keeps the error; it is shown next to the form below.
    } finally {
      setSubmitting(false);
    }
  };

  const busy = isSubmitting || logIn.isPending;
  const usernameError = errors.username;
  const passwordError = errors.password;
  const hintId = `${id}-hint`;

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      // The contract's schemas load with the first touch: ready before the form is sent.
      onFocus={() => void loadLoginSchemas().catch(() => undefined)}
      noValidate
      aria-busy={busy}
    >
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
          // `webauthn`: the browser offers this site's passkeys in the autofill too (PasskeySignIn).
          autoComplete="username webauthn"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={
            [mode === 'phone' ? hintId : '', usernameError ? `${id}-username-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          ref={usernameRef}
          defaultValue={defaultUsername}
          name="username"
          onChange={() => void revalidate()}
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
            ref={passwordRef}
            name="password"
            onChange={() => void revalidate()}
          />
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={showPassword}
            aria-controls={`${id}-password`}
            // Pre-rendered: usable once hydrated (useHydrated), a click before would be lost.
            disabled={!hydrated}
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
          {errorMessage(t, logIn.error)}
        </p>
      )}

      <button
        type="submit"
        className={styles.submit}
        disabled={busy || !hydrated}
        data-hydrating={hydrated ? undefined : true}
      >
        {busy && <span className={styles.spinner} aria-hidden="true" />}
        {t(busy ? 'login.submitting' : 'login.submit')}
      </button>
    </form>
  );
}
