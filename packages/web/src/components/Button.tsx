import type { ComponentPropsWithoutRef, MouseEvent } from 'react';
import styles from './card/Buttons.module.css';
import spinner from './card/Spinner.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';
const CLASS: Record<ButtonVariant, string> = {
  primary: styles.submit as string,
  secondary: styles.secondary as string,
  danger: styles.danger as string,
};

interface ButtonProps extends ComponentPropsWithoutRef<'button'> {
  variant?: ButtonVariant;
  /** Shows the spinner and refuses clicks and submits while an action runs. */
  busy?: boolean;
}

/** A click (or the Enter that submits a form through its button) while busy does nothing. */
const refuse = (event: MouseEvent<HTMLButtonElement>) => event.preventDefault();

/**
 * The portal's button: primary (brand), secondary (outlined) or danger (error outline).
 * While busy it stays focusable (`aria-disabled`, not `disabled`): a disabled button drops the
 * keyboard focus to the page, and the person who pressed it would start over from the top.
 */
export function Button({
  variant = 'primary',
  busy,
  disabled,
  children,
  type,
  className,
  onClick,
  ...props
}: ButtonProps) {
  const refusing = busy && !disabled;
  return (
    <button
      type={type ?? 'button'}
      className={className ? `${CLASS[variant]} ${className}` : CLASS[variant]}
      disabled={disabled}
      aria-disabled={refusing || undefined}
      aria-busy={busy || undefined}
      onClick={refusing ? refuse : onClick}
      {...props}
    >
      {busy && <span className={spinner.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
