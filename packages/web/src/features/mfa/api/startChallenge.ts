import { useMutation } from '@tanstack/react-query';
import { type MfaChallengeQuery, mfaChallengeResponseSchema } from '@vestibule/contract/schemas/mfa';
import { apiRequest } from '../../../lib/api';

/**
 * GET /api/mfa/sudo?mfaId&payload&single&method: starts a code challenge with one method — for
 * the login when the login payload is given, else a step-up of the session. Sends the SMS or
 * e-mail code; the authenticator and recovery keys only get a payload.
 */
export function startChallenge(query: MfaChallengeQuery) {
  const params = new URLSearchParams({ mfaId: String(query.mfaId) });
  if (query.payload) params.set('payload', query.payload);
  if (query.single !== undefined) params.set('single', String(query.single));
  if (query.method) params.set('method', query.method);
  return apiRequest(`/mfa/sudo?${params}`, {
    schema: mfaChallengeResponseSchema,
    expectUnauthorized: query.payload !== undefined,
  });
}

export function useStartChallenge() {
  return useMutation({ mutationFn: startChallenge });
}
