import type { ComponentPropsWithoutRef } from 'react';
import { Link, type LinkProps } from 'react-router';
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
  /** Shows the spinner and disables the button while an action runs. */
  busy?: boolean;
}

/** The portal's button: primary (brand), secondary (outlined) or danger (error outline). */
export function Button({
  variant = 'primary',
  busy,
  disabled,
  children,
  type,
  className,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={className ? `${CLASS[variant]} ${className}` : CLASS[variant]}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <span className={spinner.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A link drawn as a button (a navigation that reads as the page's main action). */
export function LinkButton({ variant = 'primary', ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={CLASS[variant]} {...props} />;
}
