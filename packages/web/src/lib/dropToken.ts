import { apiRequest } from './api';

/**
 * DELETE /api/token on the way out of a screen that ends the session: the server drops this
 * session's token. A failure is ignored: the caller forgets the session on this device either way.
 * `quiet` leaves a 401 or 503 to the caller instead of the app's session-lost and maintenance handlers.
 */
export async function dropToken({ quiet = false }: { quiet?: boolean } = {}): Promise<void> {
  await apiRequest('/token', { method: 'DELETE', quiet }).catch(() => undefined);
}
