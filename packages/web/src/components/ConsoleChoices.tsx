import type { ReactNode } from 'react';
import ui from './Console.module.css';

interface ConsoleChoicesProps {
  /** Prefix of the error's id: `${id}-error`. */
  id: string;
  legend: ReactNode;
  /** The message under the choices, tied to the group. */
  error?: string | undefined;
  /** A class for the screen's own layout of the choices. */
  className?: string;
  /** The choices: labelled check boxes or radios. */
  children: ReactNode;
}

/** A console form's group of choices: its legend, its check boxes or radios, and its error. */
export function ConsoleChoices({ id, legend, error, className, children }: ConsoleChoicesProps) {
  return (
    <fieldset
      className={className ? `${ui.choices} ${className}` : ui.choices}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {children}
      {error && (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A console URL field's input: the URL keyboard, no autofill or spelling, the API's 2,000 characters. */
export const URL_INPUT = {
  type: 'url',
  inputMode: 'url',
  autoComplete: 'off',
  spellCheck: false,
  maxLength: 2000,
} as const;
