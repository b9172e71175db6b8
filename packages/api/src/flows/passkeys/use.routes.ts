import type { EditionId } from '@vestibule/contract/editions';
import {
  passkeyCeremonySchema,
  passkeyLoginOptionsRequestSchema,
  passkeyLoginRequestSchema,
  passkeyLoginResponseSchema,
  passkeySudoOptionsRequestSchema,
  passkeySudoRequestSchema,
  passkeySudoResponseSchema,
} from '@vestibule/contract/schemas/passkeys';
import type { FastifyRequest } from 'fastify';
import { setLoginCookie } from '../../account/login-cookie';
import { findByCredentialId, listPasskeys } from '../../account/passkeys';
import { findOpenLoginFlow } from '../../account/pending-login';
import { openLoginSession, weakPasswordFlag } from '../../account/session-opening';
import { grantSudo } from '../../account/step-up';
import { setTrustedDeviceCookie, trustDevice } from '../../account/trusted-devices';
import { loadChallengeUser } from '../../account/users';
import { audit } from '../../db/audit';
import { ApiError } from '../../http/api-error';
import { defineRoute } from '../../http/route';
import { consumeChallenge } from '../../security/challenges/challenge';
import { limitCodeChecking } from '../../security/challenges/challenge.rate-limits';
import { closingAccountError } from '../closure/index';
import { verifyAssertion } from './assertion';
import { CEREMONY_TIMEOUT_MS, startCeremony, takeCeremony } from './ceremony';
import { relyingPartyOf } from './relying-party';
import { webauthn } from './webauthn';

/** The passkeys a ceremony may use: any of the edition (discoverable), or the account's own. */
async function allowedCredentials(request: FastifyRequest, userId: number | null) {
  if (userId === null) return undefined;
  const rows = await listPasskeys(request.server.ctx.db, userId, request.edition.id);
  if (rows.length === 0) throw new ApiError('not_found');
  return rows.map((row) => ({ id: row.credential_id, transports: row.transports }));
}

/**
 * A sign-in or step-up ceremony: user verification required, with any passkey of the edition
 * (discoverable) or one of the account's own.
 */
async function startAuthentication(
  request: FastifyRequest,
  input: {
    purpose: 'passkey_login' | 'passkey_sudo';
    userId: number | null;
    sessionId: number | null;
    data: Record<string, unknown>;
  },
) {
  const options = await (await webauthn()).generateAuthenticationOptions({
    rpID: relyingPartyOf(request.server.ctx.config, request.edition.id as EditionId).id,
    allowCredentials: await allowedCredentials(request, input.userId),
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  });
  return startCeremony(request, options, input);
}

/**
 * POST /api/passkeys/login/options {payload?}: a sign-in ceremony. Without a payload it is
 * passwordless (the browser offers the edition's passkeys, in its autofill too); with the payload
 * of a password login that answered mfa_required, the passkey is that login's second factor.
 */
const loginOptions = defineRoute({
  method: 'POST',
  url: '/passkeys/login/options',
  summary: 'WebAuthn options to sign in with a passkey',
  auth: 'public',
  body: passkeyLoginOptionsRequestSchema,
  response: passkeyCeremonySchema,
  handler: async function loginOptions({ body, request, db }) {
    let userId: number | null = null;
    if (body.payload) {
      const flow = await findOpenLoginFlow(db, body.payload, request);
      if (!flow || flow.user_id === null) throw new ApiError('challenge_expired');
      userId = flow.user_id;
    }
    await limitCodeChecking(request, userId);
    return startAuthentication(request, {
      purpose: 'passkey_login',
      userId,
      sessionId: null,
      data: body.payload ? { login_flow: body.payload } : {},
    });
  },
});

/**
 * POST /api/passkeys/login {payload, credential, isTrustedDevice}: a verified passkey with user
 * verification is a complete sign-in (something held and something known or inherent): it opens
 * a normal session, elevated like an MFA login, with its `amr`. As the second factor of a password
 * login it ends that login's flow.
 */
const login = defineRoute({
  method: 'POST',
  url: '/passkeys/login',
  summary: 'Sign in with a passkey',
  auth: 'public',
  body: passkeyLoginRequestSchema,
  response: passkeyLoginResponseSchema,
  handler: async function login({ body, request, reply, db, secrets }) {
    const edition = request.edition.id as EditionId;
    // Per IP, then per account of the passkey answered (before its signature is checked, so
    // failures count too), as code checks are.
    await limitCodeChecking(request, null);
    const owner = await findByCredentialId(db, edition, body.credential.id);
    if (owner) await limitCodeChecking(request, owner.user_id);
    const ceremony = await takeCeremony(request, body.payload, 'passkey_login', null);
    const flowId = typeof ceremony.data.login_flow === 'string' ? ceremony.data.login_flow : undefined;
    const passkey = await verifyAssertion(db, request, {
      credential: body.credential,
      challenge: ceremony.challenge,
      userId: ceremony.user_id ?? undefined,
    });
    let deviceSecret: string | undefined;
    const answer = await db.transaction().execute(async (trx) => {
      let clientId: string | null = null;
      if (flowId) {
        const flow = await findOpenLoginFlow(trx, flowId, request, { forUpdate: true });
        if (!flow || flow.user_id !== passkey.user_id) throw new ApiError('challenge_expired');
        await consumeChallenge(trx, flow.id);
        clientId = typeof flow.data.client_id === 'string' ? flow.data.client_id : null;
      }
      const user = await loadChallengeUser(trx, passkey.user_id);
      if (!user || user.locked_at) throw new ApiError('account_locked');
      if (user.closes_at) throw closingAccountError(secrets, user.id, user.closes_at);
      if (flowId && body.isTrustedDevice) {
        deviceSecret = await trustDevice(trx, user.id, request);
        await audit(trx, { kind: 'trusted_device.added', userId: user.id, edition }, request);
      }
      await audit(
        trx,
        {
          kind: 'passkey.used',
          userId: user.id,
          edition,
          detail: { passkey_id: passkey.id, purpose: flowId ? 'second_factor' : 'sign_in' },
        },
        request,
      );
      const session = await openLoginSession(trx, request, {
        userId: user.id,
        clientId,
        mfa: 'passkey',
        passkey: { passwordless: !flowId, synced: passkey.device_type === 'multiDevice' },
        sudo: true,
      });
      return { access_token: session.token, ...weakPasswordFlag(user.password_status), sudo: true };
    });
    setLoginCookie(request, reply, answer.access_token);
    if (deviceSecret) setTrustedDeviceCookie(request, reply, deviceSecret);
    return answer;
  },
});

/** POST /api/passkeys/sudo/options {single}: a step-up with one of the account's passkeys. */
const sudoOptions = defineRoute({
  method: 'POST',
  url: '/passkeys/sudo/options',
  summary: 'WebAuthn options for a step-up with a passkey',
  auth: 'user',
  body: passkeySudoOptionsRequestSchema,
  response: passkeyCeremonySchema,
  handler: async function sudoOptions({ body, auth, request }) {
    await limitCodeChecking(request, auth.userId);
    return startAuthentication(request, {
      purpose: 'passkey_sudo',
      userId: auth.userId,
      sessionId: auth.sessionId,
      data: { single: body.single ?? false },
    });
  },
});

/** POST /api/passkeys/sudo {payload, credential}: grants the step-up on the session. */
const sudo = defineRoute({
  method: 'POST',
  url: '/passkeys/sudo',
  summary: 'Step up with a passkey',
  auth: 'user',
  body: passkeySudoRequestSchema,
  response: passkeySudoResponseSchema,
  handler: async function sudo({ body, auth, request, db }) {
    const edition = request.edition.id as EditionId;
    await limitCodeChecking(request, auth.userId);
    const ceremony = await takeCeremony(request, body.payload, 'passkey_sudo', auth.sessionId);
    const passkey = await verifyAssertion(db, request, {
      credential: body.credential,
      challenge: ceremony.challenge,
      userId: auth.userId,
    });
    await db.transaction().execute(async (trx) => {
      await grantSudo(trx, auth.sessionId, ceremony.data.single === true, 'passkey');
      await audit(
        trx,
        {
          kind: 'passkey.used',
          userId: auth.userId,
          edition,
          detail: { passkey_id: passkey.id, purpose: 'sudo' },
        },
        request,
      );
      await audit(
        trx,
        { kind: 'sudo.granted', userId: auth.userId, edition, detail: { method: 'passkey' } },
        request,
      );
    });
    return { sudo: true as const };
  },
});

export const passkeyUseRoutes = [loginOptions, login, sudoOptions, sudo];
