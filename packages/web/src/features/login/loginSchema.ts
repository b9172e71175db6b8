import type { FieldErrors, Resolver } from 'react-hook-form';

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

type Checks = [
  typeof import('@vestibule/contract/schemas/token')['loginFormSchemas'],
  typeof import('@hookform/resolvers/zod')['zodResolver'],
];
let loading: Promise<Checks> | undefined;

/**
 * The contract's login form schemas (`loginFormSchemas`, the rules of POST /api/token) and the zod
 * resolver, loaded on first use: the login page's first load carries no zod (docs/performance.md).
 * The form starts loading them as soon as it is touched, so a submit does not wait for them.
 */
export function loadLoginSchemas(): Promise<Checks> {
  loading ??= Promise.all([
    import('@vestibule/contract/schemas/token').then((module) => module.loginFormSchemas),
    import('@hookform/resolvers/zod').then((module) => module.zodResolver),
  ]).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * The login form's resolver: the contract's schema of the mode, each field's message a key (empty
 * is "required", anything else, format or length, is "invalid").
 */
export function loginResolver(mode: LoginMode): Resolver<LoginFields> {
  return async (values, context, options) => {
    const [schemas, zodResolver] = await loadLoginSchemas();
    const result = await zodResolver(schemas[mode])(values, context, options);
    const errors: FieldErrors<LoginFields> = result.errors;
    for (const field of ['username', 'password'] as const) {
      const error = errors[field];
      const empty = (field === 'username' ? values.username.trim() : values.password) === '';
      const kind = field === 'username' ? mode : 'password';
      if (error) error.message = `login.${empty ? 'required' : 'invalid'}.${kind}` satisfies LoginFieldError;
    }
    return result;
  };
}
