import type { Edition } from '@vestibule/contract/editions';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import styles from '../../../components/card/Field.module.css';
import { Field, FormError } from '../../../components/Field';
import { PasswordInput } from '../../../components/PasswordInput';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useHydrated } from '../../../lib/useClientValue';
import { useLogIn } from '../api/createToken';
import { type LoginFieldErrors, type LoginMode, loadLoginSchemas, validateLogin } from '../loginSchema';

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

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      // The contract's schemas load with the first touch: ready before the form is sent.
      onFocus={() => void loadLoginSchemas().catch(() => undefined)}
      noValidate
      aria-busy={busy}
    >
      <Field
        id={`${id}-username`}
        label={t(mode === 'email' ? 'login.email' : 'login.phone')}
        hint={mode === 'phone' ? t('login.phoneHint') : undefined}
        error={usernameError && t(usernameError)}
      >
        {(control) => (
          <input
            {...control}
            type={mode === 'email' ? 'email' : 'tel'}
            inputMode={mode === 'email' ? 'email' : 'tel'}
            // `webauthn`: the browser offers this site's passkeys in the autofill too (PasskeySignIn).
            autoComplete="username webauthn"
            autoCapitalize="none"
            spellCheck={false}
            ref={usernameRef}
            defaultValue={defaultUsername}
            name="username"
            onChange={() => void revalidate()}
          />
        )}
      </Field>

      <Field id={`${id}-password`} label={t('login.password')} error={passwordError && t(passwordError)}>
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            autoComplete="current-password"
            name="password"
            onChange={() => void revalidate()}
          />
        )}
      </Field>

      {logIn.error && <FormError>{errorMessage(t, logIn.error)}</FormError>}

      <Button type="submit" busy={busy} disabled={!hydrated} data-hydrating={hydrated ? undefined : true}>
        {t(busy ? 'login.submitting' : 'login.submit')}
      </Button>
    </form>
  );
}
