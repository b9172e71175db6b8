import type { ReactElement, ReactNode } from 'react';
import errors from './card/Errors.module.css';
import styles from './card/Field.module.css';

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The message under the field; the input is marked invalid with it (its red state). */
  error?: ReactNode;
  /** The error is announced as it appears (role="alert"), for a field inside a list that shows no page alert. */
  announce?: boolean;
  /** Renders the control with the ids and states it must carry. */
  children: (control: {
    id: string;
    className: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactElement;
}

/** What went wrong with the whole form (the server's answer), announced; field errors are Field's. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={errors.formError}>
      {children}
    </p>
  );
}

/**
 * A labelled form field with its input states (rest, hover, focus, invalid): the label, the hint
 * and the error are tied to the control for screen readers.
 */
export function Field({ id, label, hint, error, announce, children }: FieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({
        id,
        className: styles.input as string,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error && (
        <p id={`${id}-error`} className={errors.fieldError} role={announce ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
