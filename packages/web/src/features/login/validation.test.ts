import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateLogin } from './validation';

// The schemas the login form used before it dropped zod (docs/performance.md): same answers.
const schemas = {
  email: z.object({
    username: z.string().trim().min(1, 'login.required.email').pipe(z.email('login.invalid.email')),
    password: z.string().min(1, 'login.required.password'),
  }),
  phone: z.object({
    username: z.string().trim().min(1, 'login.required.phone'),
    password: z.string().min(1, 'login.required.password'),
  }),
};

function zodErrors(mode: 'email' | 'phone', fields: { username: string; password: string }) {
  const result = schemas[mode].safeParse(fields);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

const usernames = [
  '',
  '   ',
  'emma@demo.test',
  '  emma@demo.test  ',
  'Emma.Peeters+tag@demo.co.uk',
  'emma',
  'emma@demo',
  '.emma@demo.test',
  'em..ma@demo.test',
  'emma@-demo.test',
  "o'brien@demo.test",
  'emma@demo.t',
  'émma@demo.test',
  '+32 470 00 00 01',
];

describe('validateLogin answers like the zod schemas it replaced', () => {
  for (const mode of ['email', 'phone'] as const) {
    for (const username of usernames) {
      for (const password of ['', ' ', 'Demo-password-2026']) {
        it(`${mode}: ${JSON.stringify(username)} / ${JSON.stringify(password)}`, () => {
          expect(validateLogin(mode, { username, password })).toEqual(
            zodErrors(mode, { username, password }),
          );
        });
      }
    }
  }
});
