import type { MfaMethodKind } from '@vestibule/contract/schemas/mfa';
import styles from '../../../components/CodeCard.module.css';
import { useTranslation } from '../../../i18n/react';

/** Letters and digits only (SPEC §5): spaces and dashes of a pasted recovery key are dropped. */
export function cleanCode(value: string, max = 32): string {
  return value.replace(/[^A-Za-z0-9]/g, '').slice(0, max);
}

/** The client-side check before posting: a translation key, or null when the code may go. */
export function codeProblem(code: string, method: MfaMethodKind, length: number | null) {
  if (!code) return { key: 'mfa.code.required', length } as const;
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
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t(recovery ? 'mfa.code.labelRecovery' : 'mfa.code.label')}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {recovery ? t('mfa.code.hintRecovery') : t('mfa.code.hintDigits', { length: length ?? 8 })}
      </p>
      <input
        id={id}
        name="code"
        className={`${styles.input} ${styles.code}`}
        type="text"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize={recovery ? 'characters' : 'none'}
        autoCorrect="off"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => onChange(cleanCode(event.target.value, recovery ? 32 : (length ?? 32)))}
      />
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
