import type { ComponentPropsWithRef } from 'react';
import styles from './CodeInput.module.css';

/**
 * The input of a one-time code (SPEC §2): text input mode (codes may hold letters), one-time-code
 * autocomplete, no correction. Give it Field's control props; it adds the code look.
 */
export function CodeInput({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return (
    <input
      name="code"
      type="text"
      inputMode="text"
      autoComplete="one-time-code"
      autoCorrect="off"
      spellCheck={false}
      className={className ? `${className} ${styles.code}` : styles.code}
      {...props}
    />
  );
}
