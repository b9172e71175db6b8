import { zodResolver } from '@hookform/resolvers/zod';
import type { ErrorCode } from '@vestibule/contract/errors';
import {
  brokenLocalPasswordRules,
  localPasswordError,
  type PasswordRuleId,
  type PersonalData,
} from '@vestibule/contract/password';
import { type ComponentProps, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../i18n/react';
import type { TextKey } from '../i18n/translator';
import { ApiError } from '../lib/api';
import { useNotCommonPassword } from '../lib/commonPassword';
import { CapsLockNotice } from './CapsLockNotice';
import styles from './Card.module.css';
import { Icon } from './Icon';
import { PasswordRules } from './PasswordRules';

/** The server's answers about a new password itself: forms show them under the password field. */
const NEW_PASSWORD_ERRORS: readonly ErrorCode[] = [
  'password_too_short',
  'password_too_long',
  'password_common',
  'password_breached',
  'password_personal',
  'password_unchanged',
];

/** The translation keys of a new-password form's own messages. */
interface NewPasswordMessages {
  required: TextKey;
  confirmationRequired: TextKey;
  mismatch: TextKey;
}

/** A screen that only sets a new password: its messages and its fields' labels (translation keys). */
interface NewPasswordTexts extends NewPasswordMessages {
  password: TextKey;
  confirmation: TextKey;
  show: TextKey;
}

/**
 * The schema of every new-password form: both fields typed and the same, plus the form's `extra`
 * fields. What else the screen can judge (length, personal data) it checks on submit with
 * `localPasswordError`, and the server's verdicts come back with `newPasswordError`.
 */
export function newPasswordSchema<S extends z.ZodRawShape = Record<never, never>>(
  messages: NewPasswordMessages,
  extra?: S,
) {
  return z
    .object({
      ...(extra as S),
      password: z.string().min(1, messages.required),
      confirmation: z.string().min(1, messages.confirmationRequired),
    })
    .refine(
      // The generic shape hides the two fields' types from the check: they are the strings above.
      (fields) => {
        const { password, confirmation } = fields as unknown as { password: string; confirmation: string };
        return password === confirmation;
      },
      { path: ['confirmation'], message: messages.mismatch },
    );
}

/** The message key of a server answer about the new password itself, shown under it; else undefined. */
export function newPasswordError(error: unknown): `errors.${ErrorCode}` | undefined {
  if (error instanceof ApiError && error.code && NEW_PASSWORD_ERRORS.includes(error.code))
    return `errors.${error.code}`;
  return undefined;
}

/**
 * The form of a screen that only sets a new password (reset, weak password, onboarding): the two
 * fields checked by `newPasswordSchema` with the screen's `texts`, then what the screen can
 * judge of the password (length, `personal` data), then `save`. A server verdict about the password
 * itself that `save` throws shows under it; any other failure is the screen's to show (its
 * mutation's error). `fields` goes to NewPasswordFields with the screen's id; it holds the labels.
 */
export function useNewPasswordForm({
  texts,
  personal,
  save,
}: {
  texts: NewPasswordTexts;
  personal?: PersonalData;
  save: (password: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const schema = useMemo(() => newPasswordSchema(texts), [texts]);
  const { register, handleSubmit, setError, control, formState } = useForm<z.infer<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmation: '' },
  });
  const value = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password }) => {
    // What the screen can judge (length, personal data) never reaches the server broken.
    const local = localPasswordError(password, personal);
    if (local) return setError('password', { message: `errors.${local}` }, { shouldFocus: true });
    try {
      await save(password);
    } catch (error) {
      const message = newPasswordError(error);
      if (message) setError('password', { message }, { shouldFocus: true });
    }
  });

  const shownError = (message: string | undefined) => message && t(message as TextKey);
  return {
    onSubmit,
    isSubmitting: formState.isSubmitting,
    fields: {
      labels: { password: t(texts.password), confirmation: t(texts.confirmation), show: t(texts.show) },
      password: register('password'),
      confirmation: register('confirmation'),
      value,
      personal,
      passwordError: shownError(formState.errors.password?.message),
      confirmationError: shownError(formState.errors.confirmation?.message),
      shown,
      onToggleShown: () => setShown((was) => !was),
    },
  };
}

interface NewPasswordFieldsProps {
  /** Prefix of the ids: `${id}-password`, `${id}-rules`, `${id}-confirmation`, and `-error` after a field's. */
  id: string;
  /** Translated texts; `show` names the eye button inside the password field. */
  labels: { password: string; confirmation: string; show?: string };
  /** What the inputs take from the form: react-hook-form's `register(…)`, or `value` and `onChange`. */
  password: ComponentProps<'input'>;
  confirmation: ComponentProps<'input'>;
  /** The password typed so far, for the rules list. */
  value: string;
  /** The account's e-mails and names: with them the rules list judges "not personal" too, else length only. */
  personal?: PersonalData;
  /** Translated errors shown under each field. */
  passwordError?: string | null;
  confirmationError?: string | null;
  /** Whether both fields show their text. */
  shown: boolean;
  /** Draws the eye button inside the password field; without it the form has a show button of its own. */
  onToggleShown?: () => void;
}

/**
 * The rules that `password` meets: those this screen judges alone, and "not common" once the
 * server's blocklist said so (`notCommon`).
 */
function metRules(
  password: string,
  personal: PersonalData | undefined,
  notCommon: boolean,
): Set<PasswordRuleId> {
  if (!password) return new Set();
  const broken = brokenLocalPasswordRules(password, personal);
  const judged: PasswordRuleId[] = personal ? ['length', 'not_personal'] : ['length'];
  const met = new Set(judged.filter((rule) => !broken.includes(rule)));
  if (notCommon) met.add('not_common');
  return met;
}

/** A new password and its confirmation, with the rules of DESIGN §4 listed between them. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { id, labels, shown, onToggleShown, passwordError, confirmationError } = props;
  const type = shown ? 'text' : 'password';
  // The blocklist is asked about a password of a valid length only.
  const typed = props.value ?? '';
  const notCommon = useNotCommonPassword(typed, !brokenLocalPasswordRules(typed).includes('length'));
  const passwordInput = (
    <input
      id={`${id}-password`}
      className={onToggleShown ? `${styles.input} ${styles.passwordInput}` : styles.input}
      type={type}
      autoComplete="new-password"
      aria-invalid={passwordError ? true : undefined}
      aria-describedby={`${id}-rules${passwordError ? ` ${id}-password-error` : ''}`}
      {...props.password}
    />
  );
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`} className={styles.label}>
          {labels.password}
        </label>
        {onToggleShown ? (
          <div className={styles.passwordRow}>
            {passwordInput}
            <button
              type="button"
              className={styles.reveal}
              aria-pressed={shown}
              aria-controls={`${id}-password ${id}-confirmation`}
              onClick={onToggleShown}
            >
              <Icon name={shown ? 'eyeOff' : 'eye'} size={20} />
              <span className="visually-hidden">{labels.show}</span>
            </button>
          </div>
        ) : (
          passwordInput
        )}
        <CapsLockNotice inputId={`${id}-password`} />
        {passwordError && (
          <p id={`${id}-password-error`} className={styles.fieldError}>
            {passwordError}
          </p>
        )}
      </div>

      <PasswordRules id={`${id}-rules`} met={metRules(props.value, props.personal, notCommon)} />

      <div className={styles.field}>
        <label htmlFor={`${id}-confirmation`} className={styles.label}>
          {labels.confirmation}
        </label>
        <input
          id={`${id}-confirmation`}
          className={styles.input}
          type={type}
          autoComplete="new-password"
          aria-invalid={confirmationError ? true : undefined}
          aria-describedby={confirmationError ? `${id}-confirmation-error` : undefined}
          {...props.confirmation}
        />
        {confirmationError && (
          <p id={`${id}-confirmation-error`} className={styles.fieldError}>
            {confirmationError}
          </p>
        )}
      </div>
    </>
  );
}
