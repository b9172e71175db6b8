import type { ComponentPropsWithRef, ReactNode } from 'react';
import { CodeInput } from './CodeInput';
import { Field } from './Field';

interface CodeFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message under the field (a wrong or malformed code). */
  error?: ReactNode;
  /** The error is announced as it appears (Field's `announce`). */
  announce?: boolean;
  /** Drops as it is typed what the code cannot hold (spaces of a pasted code); the form reads the rest. */
  clean?: (typed: string) => string;
}

/**
 * The field of every code screen (SPEC §2): label, hint and error around the one-time-code input.
 * Give it lib/useCodeForm's `code` (react-hook-form's `register`), or `value` and `onChange`.
 */
export function CodeField({ id, label, hint, error, announce, clean, onChange, ...input }: CodeFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} announce={announce}>
      {(control) => (
        <CodeInput
          {...control}
          {...input}
          onChange={(event) => {
            if (clean) event.target.value = clean(event.target.value);
            onChange?.(event);
          }}
        />
      )}
    </Field>
  );
}
