import { ApiError, apiRequest, lazySchema } from '../../../lib/api';
import { takeEarlyResume } from '../../../lib/earlySession';
import { tokenStore } from '../../../lib/storage';

// Loaded only when there is a session to resume: the login page of a new visitor never needs zod.
const tokenResponseSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/token')).tokenResponseSchema,
  { preload: false },
);

/**
 * POST /api/token/resume: a new tab has no session token, but the HttpOnly login cookie may hold a
 * live session. Stores the token and says whether there is one; 204 (no cookie, or one of no live
 * session, decision 0056) means "not logged in", and so would a 401.
 */
export async function resumeSession(): Promise<boolean> {
  try {
    const answer = await apiRequest('/token/resume', {
      method: 'POST',
      schema: tokenResponseSchema,
      expectUnauthorized: true,
      statusOnlyOn401: true,
      prefetched: takeEarlyResume(),
    });
    // 204: no login cookie, nothing to resume.
    if (!answer) return false;
    tokenStore.set(answer.access_token);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return false;
  }
}
