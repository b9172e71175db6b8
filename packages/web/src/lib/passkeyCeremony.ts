import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import {
  passkeyCeremonySchema,
  passkeyLoginResponseSchema,
  passkeyResponseSchema,
  passkeySudoResponseSchema,
} from '@vestibule/contract/schemas/passkeys';
import { completeLogin } from './afterLogin';
import { apiRequest } from './api';

// The WebAuthn ceremonies of the SPA (docs/decisions/0047), shared by the login, the
// MFA step and the Security tab. This module, with
// @simplewebauthn/browser and the passkey schemas, is only ever imported dynamically: the login
// page loads it after its first paint, so the login's JavaScript budget does not carry it.

/** The browser said no: the user closed its dialog, or it timed out (nothing to report). */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

async function authenticate(
  url: string,
  body: Record<string, unknown>,
  options: { autofill?: boolean } = {},
) {
  const ceremony = await apiRequest(url, { method: 'POST', json: body, schema: passkeyCeremonySchema });
  const credential = await startAuthentication({
    optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: options.autofill ?? false,
  });
  return { payload: ceremony.payload, credential };
}

/**
 * Signs in with a passkey: passwordless (no `loginPayload`; `autofill` waits for the user to
 * pick one in the username field's suggestions, the conditional UI), or as the second factor of a
 * password login. Answers where to go next, as the password login does.
 */
export async function signInWithPasskey(
  input: { loginPayload?: string; autofill?: boolean; isTrustedDevice?: boolean } = {},
): Promise<string> {
  const { payload, credential } = await authenticate(
    '/passkeys/login/options',
    input.loginPayload ? { payload: input.loginPayload } : {},
    { autofill: input.autofill },
  );
  const answer = await apiRequest('/passkeys/login', {
    method: 'POST',
    json: { payload, credential, isTrustedDevice: input.isTrustedDevice },
    schema: passkeyLoginResponseSchema,
    expectUnauthorized: true,
  });
  return completeLogin(answer.access_token, answer.weak_password);
}

/** Ends a pending autofill request (the page is left, or another ceremony starts). */
export function cancelPasskeyAutofill() {
  WebAuthnAbortService.cancelCeremony();
}

/** A step-up with one of the account's passkeys. */
export async function stepUpWithPasskey(single: boolean): Promise<void> {
  const { payload, credential } = await authenticate('/passkeys/sudo/options', { single });
  await apiRequest('/passkeys/sudo', {
    method: 'POST',
    json: { payload, credential },
    schema: passkeySudoResponseSchema,
  });
}

/** Creates a passkey on this device (the session holds a step-up) and saves it under `name`. */
export async function createPasskey(name: string) {
  const ceremony = await apiRequest('/passkeys/registration/options', {
    method: 'POST',
    json: {},
    schema: passkeyCeremonySchema,
  });
  const credential = await startRegistration({
    optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  const saved = await apiRequest('/passkeys/registration', {
    method: 'POST',
    json: { payload: ceremony.payload, name, credential },
    schema: passkeyResponseSchema,
  });
  return saved.data;
}
