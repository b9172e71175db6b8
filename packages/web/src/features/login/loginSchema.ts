import type { $ZodIssue } from 'zod/v4/core';

/** How the login form identifies the account; the form (components/LoginForm.tsx) imports it from here. */
export type LoginMode = 'email' | 'phone';

export interface LoginFields {
  username: string;
  password: string;
}

/** Messages are translation keys, resolved when shown, so a language switch re-translates them. */
export type LoginFieldError =
  | `login.required.${LoginMode | 'password'}`
  | `login.invalid.${LoginMode | 'password'}`;

export type LoginFieldErrors = Partial<Record<keyof LoginFields, LoginFieldError>>;

type Schemas = typeof import('@vestibule/contract/schemas/token')['loginFormSchemas'];
let loading: Promise<Schemas> | undefined;

/**
 * The contract's login form schemas (`loginFormSchemas`, the rules of POST /api/token), loaded on
 * first use: the login page's first load carries no zod (docs/performance.md). The form starts
 * loading them as soon as it is touched, so a submit does not wait for them.
 */
export function loadLoginSchemas(): Promise<Schemas> {
  loading ??= import('@vestibule/contract/schemas/token').then(
    (module) => module.loginFormSchemas,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** An issue of a field: empty is "required", anything else (format, length) is "invalid". */
function keyOf(issue: $ZodIssue, mode: LoginMode, fields: LoginFields): LoginFieldError | undefined {
  const field = issue.path[0];
  if (field !== 'username' && field !== 'password') return undefined;
  const kind = field === 'username' ? mode : 'password';
  const value = field === 'username' ? fields.username.trim() : fields.password;
  return value === '' ? `login.required.${kind}` : `login.invalid.${kind}`;
}

/** The login form's errors by the contract's schema: the first issue of each field. */
export async function validateLogin(mode: LoginMode, fields: LoginFields): Promise<LoginFieldErrors> {
  const result = (await loadLoginSchemas())[mode].safeParse(fields);
  if (result.success) return {};
  const errors: LoginFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof LoginFields;
    errors[field] ??= keyOf(issue, mode, fields);
  }
  return errors;
}
