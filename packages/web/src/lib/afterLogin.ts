import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import type { User } from '@vestibule/contract/schemas/user';
import { apiRequest, lazySchema } from './api';
import { PATHS } from './paths';
import { loadQueryClient } from './queryBridge';
import { removeSessionValue, setSessionValue, tokenStore } from './storage';
import { clientIdOf, isFirstPartyClient, storedTargetUrl, takeTargetPath } from './targetUrl';
import { fetchUser, userQuery } from './userQuery';

// A module of the login page: its schema loads on use, keeping zod off it (docs/performance.md).
const mfaListResponseSchema = lazySchema(
  async () => (await import('@vestibule/contract/schemas/mfa')).mfaListResponseSchema,
);

// Where a fresh session goes (SPEC §4 "Login", "Forced MFA intro"): shared by the password login,
// the MFA code screen and the weak-password screen, which all end a login.

const hasMethod = (methods: readonly MfaMethod[], kind: MfaMethod['method']) =>
  methods.some((m) => m.method === kind && m.id > 0);

/** What setup the user owes: forced (no way around), offered (customer, may skip) or none. */
export function setupNeeded(
  user: Pick<User, 'mfa_forced' | 'mfa_customer'>,
  methods: readonly MfaMethod[],
  clientId: string | undefined,
): 'forced' | 'offered' | 'none' {
  if (!isFirstPartyClient(clientId)) return 'none';
  // A passkey counts as the second factor, as on the server (docs/decisions/0047).
  if (user.mfa_forced)
    return (hasMethod(methods, 'sms') && hasMethod(methods, 'email')) || hasMethod(methods, 'passkey')
      ? 'none'
      : 'forced';
  if (user.mfa_customer && methods.length === 0) return 'offered';
  return 'none';
}

/** After a complete login (and after a weak password is replaced): setup-mfa or the target. */
export async function destinationAfterLogin(user: User): Promise<string> {
  if (user.mfa_forced || user.mfa_customer) {
    const clientId = clientIdOf(storedTargetUrl(), window.location.origin);
    const { data } = await apiRequest('/mfa', { schema: mfaListResponseSchema });
    const setup = setupNeeded(user, data, clientId);
    if (setup === 'forced') setSessionValue('mfaForced', 'true');
    if (setup !== 'none') return PATHS.setupMfa;
  }
  removeSessionValue('mfaForced');
  return takeTargetPath(PATHS.dashboard);
}

/** Stores a new session token, forgets the login flow and loads (caches) the user. */
export async function startSession(token: string, weakPassword: boolean | undefined): Promise<User> {
  tokenStore.set(token);
  removeSessionValue('loginPayload');
  removeSessionValue('mfaPayload');
  // The weak-password screen is owed until the password changes (the session is restricted).
  if (weakPassword) setSessionValue('weakPassword', 'true');
  // The next page needs the query client anyway: it loads while the user does.
  const [user, queryClient] = await Promise.all([fetchUser(), loadQueryClient()]);
  queryClient.setQueryData(userQuery.queryKey, user);
  return user;
}

/**
 * Starts the session and says where to go: weak-password first when the password is weak, else
 * setup-mfa or the target.
 */
export async function completeLogin(token: string, weakPassword: boolean | undefined): Promise<string> {
  const user = await startSession(token, weakPassword);
  if (weakPassword) return `${PATHS.weakPassword}?verified=true`;
  return destinationAfterLogin(user);
}
