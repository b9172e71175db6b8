import { RECOVERY_KEY_LENGTH } from '@vestibule/contract/constants';
import type { MfaMethodKind } from '@vestibule/contract/schemas/mfa';
import { CodeInput } from '../../../components/CodeInput';
import { Field } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';

/**
 * Letters and digits only (SPEC §5), spaces of a pasted code dropped. A recovery key keeps its
 * dash: the hint shows the key as ABCDE-12345, so typing it that way must work (the server reads
 * the key with or without it).
 */
export function cleanCode(value: string, max = 32, keepDash = false): string {
  return value.replace(keepDash ? /[^A-Za-z0-9-]/g : /[^A-Za-z0-9]/g, '').slice(0, max);
}

/** The client-side check before posting: a translation key, or null when the code may go. */
export function codeProblem(code: string, method: MfaMethodKind, length: number | null) {
  if (!code) return { key: 'mfa.code.required', length } as const;
  // A key too short or too long is named as a recovery key beside its field, not sent to be
  // refused as "some fields are missing or invalid".
  if (method === 'totpRecovery' && code.replace(/-/g, '').length !== RECOVERY_KEY_LENGTH)
    return { key: 'mfa.code.formatRecovery', length: RECOVERY_KEY_LENGTH } as const;
  if (method !== 'totpRecovery' && length && !new RegExp(`^\\d{${length}}$`).test(code))
    return { key: 'mfa.code.format', length } as const;
  return null;
}

interface CodeFieldProps {
  id: string;
  method: MfaMethodKind;
  length: number | null;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

/** The code input of SPEC §2: text input mode, one-time-code autocomplete, error next to it. */
export function CodeField({ id, method, length, value, error, onChange }: CodeFieldProps) {
  const { t } = useTranslation();
  const recovery = method === 'totpRecovery';
  return (
    <Field
      id={id}
      label={t(recovery ? 'mfa.code.labelRecovery' : 'mfa.code.label')}
      hint={recovery ? t('mfa.code.hintRecovery') : t('mfa.code.hintDigits', { length: length ?? 8 })}
      error={error}
    >
      {(control) => (
        <CodeInput
          {...control}
          autoCapitalize={recovery ? 'characters' : 'none'}
          value={value}
          onChange={(event) =>
            onChange(cleanCode(event.target.value, recovery ? 32 : (length ?? 32), recovery))
          }
        />
      )}
    </Field>
  );
}
