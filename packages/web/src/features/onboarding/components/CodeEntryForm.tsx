import { parseActivationCode, parseInvitationCode } from '@vestibule/contract/activation-code';
import { parseCardNumber } from '@vestibule/contract/card-number';
import type { OnboardingKind } from '@vestibule/contract/schemas/onboarding';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Captcha, captchaEnabled } from '../../../components/Captcha';
import card from '../../../components/Card.module.css';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { useStartOnboarding } from '../api/startOnboarding';
import { clearOnboarding, writeOnboarding } from '../onboardingStore';
import { FormError, SubmitButton } from './FormError';
import styles from './Onboarding.module.css';

const TEXTS = {
  card: 'card',
  activation_code: 'activationCode',
  invitation: 'code',
} as const;

const PARSERS: Record<OnboardingKind, (value: string) => string | undefined> = {
  card: parseCardNumber,
  activation_code: parseActivationCode,
  invitation: parseInvitationCode,
};

/** Errors about the code itself, shown under the field. */
const FIELD_ERRORS = [
  'invalid_card_number',
  'invalid_activation_code',
  'invalid_invitation_code',
  'invitation_used',
  'invitation_expired',
];

/** The card number, activation code or invitation code, checked here first, then by the server. */
export function CodeEntryForm({ kind }: { kind: OnboardingKind }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const prefill = (location.state as { code?: unknown } | null)?.code;
  const [value, setValue] = useState(typeof prefill === 'string' ? prefill : '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const start = useStartOnboarding();
  const texts = TEXTS[kind];

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setFieldError(t(`onboarding.${texts}.required`));
    if (!PARSERS[kind](value)) return setFieldError(t(`onboarding.${texts}.invalid`));
    setFieldError(null);
    try {
      const state = await start.mutateAsync({ kind, code: value, captcha: captcha ?? undefined });
      clearOnboarding();
      writeOnboarding({ state });
      navigate(PATHS.onboardingWelcome);
    } catch (error) {
      setCaptchaReset((n) => n + 1);
      if (error instanceof ApiError && error.code === 'card_already_activated')
        return navigate(PATHS.onboardingExistingCard);
      if (error instanceof ApiError && error.code && FIELD_ERRORS.includes(error.code))
        setFieldError(errorMessage(t, error));
    }
  };

  const formError =
    start.error instanceof ApiError && start.error.code && FIELD_ERRORS.includes(start.error.code)
      ? null
      : start.error;
  const busy = start.isPending;
  return (
    <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <div className={card.field}>
        <label htmlFor={`${id}-code`} className={card.label}>
          {t(`onboarding.${texts}.label`)}
        </label>
        <p id={`${id}-hint`} className={card.hint}>
          {t(`onboarding.${texts}.hint`)}
        </p>
        <input
          id={`${id}-code`}
          className={styles.entry}
          type="text"
          inputMode={kind === 'card' ? 'numeric' : 'text'}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={kind === 'card' ? 23 : 16}
          value={value}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setValue(event.target.value);
            setFieldError(null);
          }}
        />
        {fieldError && (
          <p id={`${id}-error`} className={card.fieldError}>
            {fieldError}
          </p>
        )}
      </div>
      {captchaEnabled() && <Captcha onToken={setCaptcha} resetSignal={captchaReset} />}
      <FormError error={formError} />
      <SubmitButton busy={busy} label={t('onboarding.continue')} />
    </form>
  );
}
