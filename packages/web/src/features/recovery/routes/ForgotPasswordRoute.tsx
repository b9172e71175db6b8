import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link, NavLink, useNavigate } from 'react-router';
import { z } from 'zod';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { PATHS } from '../../../lib/paths';
import { useRequestResetCode } from '../api/requestResetCode';
import { CaptchaSubmit, useFormCaptcha } from '../components/CaptchaSubmit';
import { writeRecovery } from '../recoveryState';

export type ForgotPasswordMode = 'email' | 'phone';

// Messages are translation keys, resolved when shown.
const schemas = {
  email: z.object({
    username: z
      .string()
      .trim()
      .min(1, 'recovery.forgotPassword.required.email')
      .pipe(z.email('recovery.forgotPassword.invalid.email')),
  }),
  phone: z.object({ username: z.string().trim().min(1, 'recovery.forgotPassword.required.phone') }),
};
type FieldKey = `recovery.forgotPassword.${'required' | 'invalid'}.${ForgotPasswordMode}`;

/** /forgot-password/email and /forgot-password/phone (SPEC §2 "Forgot password"). */
export function ForgotPasswordRoute({ mode }: { mode: ForgotPasswordMode }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const edition = currentEdition();
  const request = useRequestResetCode();
  const captcha = useFormCaptcha();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ username: string }>({
    resolver: zodResolver(schemas[mode]),
    defaultValues: { username: '' },
  });

  const onSubmit = handleSubmit(async ({ username }) => {
    let name = username;
    if (mode === 'phone') {
      const { toE164 } = await import('@vestibule/contract/phone');
      const e164 = toE164(username, edition.phoneRegion);
      if (!e164) {
        setError('username', { message: 'recovery.forgotPassword.invalid.phone' }, { shouldFocus: true });
        return;
      }
      name = e164;
    }
    if (!captcha.ready()) return;
    try {
      const answer = await request.mutateAsync({
        username: name,
        ...(captcha.token ? { captcha: captcha.token } : {}),
      });
      writeRecovery({
        username: mode === 'email' ? name.toLowerCase() : name,
        usernameKind: mode,
        payload: answer.payload,
        recipient: answer.recipient,
        technology: answer.technology,
        resendAt: Date.now() + answer.resend_in * 1000,
      });
      navigate(PATHS.forgotPasswordSent);
    } catch {
      captcha.renew();
    }
  });

  const busy = isSubmitting || request.isPending;
  const fieldError = errors.username?.message as FieldKey | undefined;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('recovery.forgotPassword.title')}</h1>
        <p className={styles.intro}>{t('recovery.forgotPassword.intro')}</p>

        <nav className={styles.switch} aria-label={t('recovery.forgotPassword.methods')}>
          <NavLink to={PATHS.forgotPasswordEmail} replace className={styles.switchItem}>
            {t('recovery.forgotPassword.tabEmail')}
          </NavLink>
          <NavLink to={PATHS.forgotPasswordPhone} replace className={styles.switchItem}>
            {t('recovery.forgotPassword.tabPhone')}
          </NavLink>
        </nav>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <div className={styles.field}>
            <label htmlFor={`${id}-username`} className={styles.label}>
              {t(mode === 'email' ? 'recovery.forgotPassword.email' : 'recovery.forgotPassword.phone')}
            </label>
            {mode === 'phone' && (
              <p id={hintId} className={styles.hint}>
                {t('recovery.forgotPassword.phoneHint')}
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
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={
                [mode === 'phone' ? hintId : '', fieldError ? errorId : ''].filter(Boolean).join(' ') ||
                undefined
              }
              {...register('username')}
            />
            {fieldError && (
              <p id={errorId} className={styles.fieldError}>
                {t(fieldError)}
              </p>
            )}
          </div>

          <CaptchaSubmit
            captcha={captcha}
            error={request.error}
            busy={busy}
            label={t('recovery.forgotPassword.submit')}
            busyLabel={t('recovery.forgotPassword.submitting')}
          />
        </form>

        <ul className={styles.links}>
          <li>
            <Link to={mode === 'email' ? PATHS.loginEmail : PATHS.loginPhone}>
              {t('recovery.backToLogin')}
            </Link>
          </li>
          <li>
            <Link to={PATHS.forgotUsername}>{t('login.forgotUsername')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
