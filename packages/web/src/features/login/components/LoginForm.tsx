import type { Edition } from '@vestibule/contract/editions';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/Button';
import styles from '../../../components/card/Field.module.css';
import { Field, FormError } from '../../../components/Field';
import { PasswordInput } from '../../../components/PasswordInput';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useHydrated } from '../../../lib/useClientValue';
import { logIn } from '../api/createToken';
import {
  type LoginFieldError,
  type LoginFields,
  type LoginMode,
  loadLoginSchemas,
  loginResolver,
} from '../loginSchema';

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
  // The attempt in flight (once the fields are valid: an invalid submit never shows the button busy)
  // and the server's refusal of the last one. The login page loads without TanStack Query
  // (docs/performance.md), so no useMutation here.
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  // Checked on submit; a field's message goes with its next keystroke (decision 0084).
  const { register, handleSubmit, setError, setValue, getFieldState, clearErrors, formState } =
    useForm<LoginFields>({
      resolver: loginResolver(mode),
      defaultValues: { username: defaultUsername ?? '', password: '' },
      reValidateMode: 'onSubmit',
    });
  // An authorization's login_hint is known once hydrated: it fills the field the user has not typed in.
  useEffect(() => {
    if (defaultUsername !== undefined && !getFieldState('username').isDirty)
      setValue('username', defaultUsername);
  }, [defaultUsername, getFieldState, setValue]);

  const onSubmit = handleSubmit(async ({ username, password }) => {
    setSending(true);
    try {
      let name = username.trim();
      if (mode === 'phone') {
        // libphonenumber loads only when a phone is submitted: the e-mail login never needs it.
        const { toE164 } = await import('@vestibule/contract/phone');
        const e164 = toE164(name, edition.phoneRegion);
        if (!e164) {
          setError('username', { message: 'login.invalid.phone' }, { shouldFocus: true });
          return;
        }
        name = e164;
      }
      setRefusal(null);
      const outcome = await logIn({ username: name, password, client_id: clientId });
      onLoggedIn(outcome.next);
    } catch (error) {
      setRefusal(error);
    } finally {
      setSending(false);
    }
  });

  const errorOf = (field: keyof LoginFields) => {
    const key = formState.errors[field]?.message as LoginFieldError | undefined;
    return key && t(key);
  };
  const clearOnType = (field: keyof LoginFields) => register(field, { onChange: () => clearErrors(field) });

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void onSubmit(event)}
      // The contract's schemas load with the first touch: ready before the form is sent.
      onFocus={() => void loadLoginSchemas().catch(() => undefined)}
      noValidate
      aria-busy={sending}
    >
      <Field
        id={`${id}-username`}
        label={t(mode === 'email' ? 'login.email' : 'login.phone')}
        hint={mode === 'phone' ? t('login.phoneHint') : undefined}
        error={errorOf('username')}
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
            {...clearOnType('username')}
          />
        )}
      </Field>

      <Field id={`${id}-password`} label={t('login.password')} error={errorOf('password')}>
        {(control) => (
          <PasswordInput {...control} autoComplete="current-password" {...clearOnType('password')} />
        )}
      </Field>

      {refusal ? <FormError>{errorMessage(t, refusal)}</FormError> : null}

      <Button type="submit" busy={sending} disabled={!hydrated} data-hydrating={hydrated ? undefined : true}>
        {t(sending ? 'login.submitting' : 'login.submit')}
      </Button>
    </form>
  );
}
