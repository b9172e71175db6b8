import { apiRequest } from './api';

/**
 * DELETE /api/token: the server drops this session's token and clears the login cookie. `quiet`
 * leaves a 401 or 503 to the caller instead of the app's session-lost and maintenance handlers.
 */
export function deleteToken({ quiet = false }: { quiet?: boolean } = {}) {
  return apiRequest('/token', { method: 'DELETE', quiet });
}

/**
 * `deleteToken` on the way out of a screen that ends the session, a failure ignored: the caller
 * forgets the session on this device either way.
 */
export async function dropToken({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  await deleteToken({ quiet }).catch(() => undefined);
}
