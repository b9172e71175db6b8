import { parseCardNumber } from '@vestibule/contract/card-number';
import { parseNationalRegisterNumber } from '@vestibule/contract/national-register-number';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import styles from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { currentEdition } from '../../../lib/edition';
import { PATHS } from '../../../lib/paths';
import { useHydrated } from '../../../lib/useClientValue';
import { useFindUsernames } from '../api/findUsernames';
import { CaptchaSubmit, useFormCaptcha } from '../components/CaptchaSubmit';

type Kind = 'card' | 'nrn';
type FieldKey =
  | `recovery.forgotUsername.required.${Kind}`
  | 'errors.invalid_card_number'
  | 'errors.invalid_national_register_number';

/** /forgot-username: find the usernames by card number or national register number (SPEC §2). */
export function ForgotUsernameRoute() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const id = useId();
  const navigate = useNavigate();
  const edition = currentEdition();
  const find = useFindUsernames();
  const [kind, setKind] = useState<Kind>('card');
  const captcha = useFormCaptcha();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ identifier: string }>({ defaultValues: { identifier: '' } });

  const choose = (next: Kind) => {
    setKind(next);
    reset({ identifier: '' });
    clearErrors();
    find.reset();
  };

  const onSubmit = handleSubmit(async ({ identifier }) => {
    // The check digits are checked here first (Luhn, mod 97, Luhn + Verhoeff), then by the server.
    if (!identifier.trim())
      return setError('identifier', { message: `recovery.forgotUsername.required.${kind}` });
    const valid =
      kind === 'card'
        ? parseCardNumber(identifier)
        : parseNationalRegisterNumber(identifier, edition.nationalNumberFormat);
    if (!valid)
      return setError(
        'identifier',
        {
          message: kind === 'card' ? 'errors.invalid_card_number' : 'errors.invalid_national_register_number',
        },
        { shouldFocus: true },
      );
    if (!captcha.ready()) return;
    try {
      const answer = await find.mutateAsync({
        identifier_type: kind === 'card' ? 'card' : 'national_register_number',
        identifier: valid,
        ...(captcha.token ? { captcha: captcha.token } : {}),
      });
      navigate(PATHS.forgotUsernameResponse, { state: { usernames: answer.usernames } });
    } catch (error) {
      captcha.renew();
      if (
        error instanceof ApiError &&
        (error.code === 'invalid_card_number' || error.code === 'invalid_national_register_number')
      )
        setError('identifier', { message: `errors.${error.code}` }, { shouldFocus: true });
    }
  });

  const fieldError = errors.identifier?.message as FieldKey | undefined;
  const formError =
    find.error instanceof ApiError && find.error.code?.startsWith('invalid_') ? null : find.error;
  const busy = isSubmitting || find.isPending;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('recovery.forgotUsername.title')}</h1>
        <p className={styles.intro}>{t('recovery.forgotUsername.intro')}</p>

        <fieldset className={styles.switch}>
          <legend className="visually-hidden">{t('recovery.forgotUsername.methods')}</legend>
          {(['card', 'nrn'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className={styles.switchItem}
              aria-pressed={kind === option}
              // Pre-rendered: usable once hydrated (useHydrated), a click before would be lost.
              disabled={!hydrated}
              onClick={() => choose(option)}
            >
              {t(option === 'card' ? 'recovery.forgotUsername.tabCard' : 'recovery.forgotUsername.tabNrn')}
            </button>
          ))}
        </fieldset>

        <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
          <div className={styles.field}>
            <label htmlFor={`${id}-identifier`} className={styles.label}>
              {t(kind === 'card' ? 'recovery.forgotUsername.card' : 'recovery.forgotUsername.nrn')}
            </label>
            <p id={`${id}-hint`} className={styles.hint}>
              {t(kind === 'card' ? 'recovery.forgotUsername.cardHint' : 'recovery.forgotUsername.nrnHint')}
            </p>
            <input
              id={`${id}-identifier`}
              key={kind}
              className={styles.input}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
              {...register('identifier')}
            />
            {fieldError && (
              <p id={`${id}-error`} className={styles.fieldError}>
                {t(fieldError)}
              </p>
            )}
          </div>

          <CaptchaSubmit
            captcha={captcha}
            error={formError}
            busy={busy}
            label={t('recovery.forgotUsername.submit')}
            busyLabel={t('recovery.forgotUsername.submitting')}
          />
        </form>

        <ul className={styles.links}>
          <li>
            <Link to={PATHS.loginEmail}>{t('recovery.backToLogin')}</Link>
          </li>
          <li>
            <Link to={PATHS.forgotPasswordEmail}>{t('login.forgotPassword')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
