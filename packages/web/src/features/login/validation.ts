import type { LoginMode } from './components/LoginForm';

export interface LoginFields {
  username: string;
  password: string;
}

/** Messages are translation keys, resolved when shown, so a language switch re-translates them. */
export type LoginFieldError =
  | 'login.required.email'
  | 'login.required.phone'
  | 'login.required.password'
  | `login.invalid.${LoginMode}`;

export type LoginFieldErrors = Partial<Record<keyof LoginFields, LoginFieldError>>;

/** The pattern of zod's `z.email()`, the contract's e-mail rule (validation.test.ts compares them). */
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * The login form's checks, by hand rather than with zod and react-hook-form: the login page is the
 * first page and must stay small (docs/performance.md). The username is trimmed.
 */
export function validateLogin(mode: LoginMode, fields: LoginFields): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  const username = fields.username.trim();
  if (!username) errors.username = `login.required.${mode}`;
  else if (mode === 'email' && !EMAIL.test(username)) errors.username = 'login.invalid.email';
  if (!fields.password) errors.password = 'login.required.password';
  return errors;
}
