import { passkeyCeremonySchema, passkeyResponseSchema } from '@vestibule/contract/schemas/passkeys';
import { expect } from 'vitest';
import type { TestApp } from '../support/test-app';
import type { SoftwareAuthenticator } from './software-authenticator';

export const GENERAL_ORIGIN = 'http://localhost:3000';
export const LU_HOST = 'lu.localhost:3000';
export const LU_ORIGIN = 'http://lu.localhost:3000';

type Extra = { token?: string; host?: string; deviceId?: string };

/** Starts a ceremony (POST …/options) and answers its payload and options. */
export async function ceremony(
  test: TestApp,
  url: string,
  payload: Record<string, unknown>,
  extra: Extra = {},
) {
  const response = await test.call({ method: 'POST', url, payload, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return passkeyCeremonySchema.parse(response.json());
}

/** Registers a passkey on the session (which must hold a step-up) through the full ceremony. */
export async function registerPasskey(
  test: TestApp,
  token: string,
  authenticator: SoftwareAuthenticator,
  options: { name?: string; host?: string; origin?: string } = {},
) {
  const started = await ceremony(
    test,
    '/api/passkeys/registration/options',
    {},
    { token, host: options.host },
  );
  const credential = authenticator.create(started.options, options.origin ?? GENERAL_ORIGIN);
  const response = await test.call({
    method: 'POST',
    url: '/api/passkeys/registration',
    token,
    host: options.host,
    payload: { payload: started.payload, name: options.name ?? 'My phone', credential },
  });
  expect(response.statusCode, response.body).toBe(201);
  return passkeyResponseSchema.parse(response.json()).data;
}

/** A passwordless sign-in: answers the raw response of POST /api/passkeys/login. */
export async function passkeySignIn(
  test: TestApp,
  authenticator: SoftwareAuthenticator,
  options: { host?: string; origin?: string; deviceId?: string } = {},
) {
  const extra = { host: options.host, deviceId: options.deviceId };
  const started = await ceremony(test, '/api/passkeys/login/options', {}, extra);
  const credential = authenticator.get(started.options, options.origin ?? GENERAL_ORIGIN);
  return test.call({
    method: 'POST',
    url: '/api/passkeys/login',
    payload: { payload: started.payload, credential },
    ...extra,
  });
}
