import { MESSAGE_CODE_LENGTH, RECOVERY_KEY_LENGTH } from '@vestibule/contract/constants';
import type { MfaMethodKind } from '@vestibule/contract/schemas/mfa';
import type { ComponentPropsWithRef } from 'react';
import { z } from 'zod';
import { CodeField } from '../../../components/CodeField';
import { useTranslation } from '../../../i18n/react';

/**
 * Letters and digits only (SPEC §5), spaces of a pasted code dropped. A recovery key keeps its
 * dash: the hint shows the key as ABCDE-12345, so typing it that way must work (the server reads
 * the key with or without it).
 */
function cleanCode(value: string, max = 32, keepDash = false): string {
  return value.replace(keepDash ? /[^A-Za-z0-9-]/g : /[^A-Za-z0-9]/g, '').slice(0, max);
}

/** The client-side check before posting: a translation key, or null when the code may go. */
function codeProblem(code: string, method: MfaMethodKind, length: number | null) {
  if (!code) return 'mfa.code.required';
  // A key too short or too long is named as a recovery key beside its field, not sent to be
  // refused as "some fields are missing or invalid".
  if (method === 'totpRecovery' && code.replace(/-/g, '').length !== RECOVERY_KEY_LENGTH)
    return 'mfa.code.formatRecovery';
  if (method !== 'totpRecovery' && length && !new RegExp(`^\\d{${length}}$`).test(code))
    return 'mfa.code.format';
  return null;
}

/** What MfaCodeField shows under the code: its own checks, and the server's wrong code. */
export type MfaCodeMessage = NonNullable<ReturnType<typeof codeProblem>> | 'errors.invalid_code';

/** The schema of a code screen of MFA, for lib/useCodeForm: messages are MfaCodeMessage keys. */
export function mfaCodeSchema(method: MfaMethodKind, length: number | null) {
  return z.object({
    code: z.string().superRefine((code, context) => {
      const problem = codeProblem(code, method, length);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  });
}

interface MfaCodeFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  id: string;
  method: MfaMethodKind;
  length: number | null;
  /** The message key to show under the field. */
  error: MfaCodeMessage | undefined;
}

/** The code field of the MFA screens: its texts by method, and a code's letters and digits only. */
export function MfaCodeField({ id, method, length, error, ...input }: MfaCodeFieldProps) {
  const { t } = useTranslation();
  const recovery = method === 'totpRecovery';
  const shownLength =
    error === 'mfa.code.formatRecovery' ? RECOVERY_KEY_LENGTH : (length ?? MESSAGE_CODE_LENGTH);
  return (
    <CodeField
      id={id}
      label={t(recovery ? 'mfa.code.labelRecovery' : 'mfa.code.label')}
      hint={recovery ? t('mfa.code.hintRecovery') : t('mfa.code.hintDigits', { length: length ?? 8 })}
      error={error && t(error, { length: shownLength })}
      autoCapitalize={recovery ? 'characters' : 'none'}
      clean={(typed) => cleanCode(typed, recovery ? 32 : (length ?? 32), recovery)}
      {...input}
    />
  );
}
