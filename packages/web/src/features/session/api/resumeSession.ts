import { tokenResponseSchema } from '@vestibule/contract/schemas/token';
import { ApiError, apiRequest } from '../../../lib/api';
import { tokenStore } from '../../../lib/storage';

/**
 * POST /api/token/resume: a new tab has no session token, but the HttpOnly login cookie may hold a
 * live session. Stores the token and says whether there is one; 401 simply means "not logged in".
 */
export async function resumeSession(): Promise<boolean> {
  try {
    const { access_token } = await apiRequest('/token/resume', {
      method: 'POST',
      schema: tokenResponseSchema,
      expectUnauthorized: true,
    });
    tokenStore.set(access_token);
    return true;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return false;
  }
}
