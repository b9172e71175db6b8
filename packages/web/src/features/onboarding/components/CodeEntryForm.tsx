import { parseActivationCode, parseInvitationCode } from '@vestibule/contract/activation-code';
import { parseCardNumber } from '@vestibule/contract/card-number';
import type { OnboardingKind } from '@vestibule/contract/schemas/onboarding';
import { useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { Captcha, captchaEnabled } from '../../../components/Captcha';
import card from '../../../components/Card.module.css';
import { Field } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { ApiError, errorKey } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useCodeForm } from '../../../lib/useCodeForm';
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

/** The code's check before it is sent: messages are translation keys. */
function schemaFor(kind: OnboardingKind) {
  const texts = TEXTS[kind];
  return z.object({
    code: z
      .string()
      .refine((code) => code.trim() !== '', `onboarding.${texts}.required`)
      .refine((code) => PARSERS[kind](code) !== undefined, `onboarding.${texts}.invalid`),
  });
}
type FieldKey =
  | `onboarding.${(typeof TEXTS)[OnboardingKind]}.${'required' | 'invalid'}`
  | ReturnType<typeof errorKey>;

/** The card number, activation code or invitation code, checked here first, then by the server. */
export function CodeEntryForm({ kind }: { kind: OnboardingKind }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const prefill = (location.state as { code?: unknown } | null)?.code;
  const { code, handleSubmit, setError, formState } = useCodeForm(schemaFor(kind), {
    defaultCode: typeof prefill === 'string' ? prefill : '',
  });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const start = useStartOnboarding();
  const texts = TEXTS[kind];

  const onSubmit = handleSubmit(async ({ code: value }) => {
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
        setError('code', { message: errorKey(error) });
    }
  });

  const fieldError = formState.errors.code?.message as FieldKey | undefined;
  const formError =
    start.error instanceof ApiError && start.error.code && FIELD_ERRORS.includes(start.error.code)
      ? null
      : start.error;
  const busy = start.isPending;
  return (
    <form className={card.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <Field
        id={`${id}-code`}
        label={t(`onboarding.${texts}.label`)}
        hint={t(`onboarding.${texts}.hint`)}
        error={fieldError && t(fieldError)}
      >
        {(control) => (
          <input
            {...control}
            className={styles.entry}
            type="text"
            inputMode={kind === 'card' ? 'numeric' : 'text'}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={kind === 'card' ? 23 : 16}
            {...code}
          />
        )}
      </Field>
      {captchaEnabled() && <Captcha onToken={setCaptcha} resetSignal={captchaReset} />}
      <FormError error={formError} />
      <SubmitButton busy={busy} label={t('onboarding.continue')} />
    </form>
  );
}
