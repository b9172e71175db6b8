import type { MfaMethodKind, MfaVerifyResponse } from '@vestibule/contract/schemas/mfa';
import { PATHS } from '../../lib/paths';
import { safeTargetPath } from '../../lib/targetUrl';
import { REDIRECT_ROUTE_NAMES } from './routeNames';

/** The /mfa query that matters once a code is accepted. */
export interface SuccessQuery {
  isLogin: boolean;
  /** A payload and method were handed over in the URL (SPEC entry mode "payload and method"). */
  payloadGiven: boolean;
  redirect: string | null;
  scope: string | null;
  action: string | null;
  targetMfaId: string | null;
  weakPassword: boolean;
}

export type SuccessStep =
  | { kind: 'navigate'; to: string }
  /** Internal redirect: a full-page load (a server route such as the OAuth authorisation). */
  | { kind: 'fullPage'; href: string }
  /** The login is complete: setup-mfa when owed, else the stored target URL. */
  | { kind: 'target' }
  | { kind: 'back' };

/** A redirect route name or same-origin path, with action and targetMfaId added. */
export function redirectPath(
  redirect: string,
  extra: { action: string | null; targetMfaId: string | null },
  origin: string,
): string | undefined {
  const path = REDIRECT_ROUTE_NAMES[redirect] ?? safeTargetPath(redirect, origin);
  if (!path) return undefined;
  const url = new URL(path, origin);
  if (extra.action) url.searchParams.set('action', extra.action);
  if (extra.targetMfaId) url.searchParams.set('targetMfaId', extra.targetMfaId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** SPEC §4 "After a successful code", in its order. A pure decision; the screen carries it out. */
export function decideAfterSuccess(
  method: MfaMethodKind,
  answer: MfaVerifyResponse,
  query: SuccessQuery,
  origin: string,
): SuccessStep {
  if (method === 'totpRecovery') {
    const params = new URLSearchParams();
    if (answer.totp_mfa_id) params.set('mfaId', String(answer.totp_mfa_id));
    if (answer.recovery_keys_remaining !== undefined)
      params.set('remaining', String(answer.recovery_keys_remaining));
    if (query.redirect) params.set('redirect', query.redirect);
    if (query.action) params.set('action', query.action);
    if (query.targetMfaId) params.set('targetMfaId', query.targetMfaId);
    if (query.isLogin) params.set('isLogin', 'true');
    return { kind: 'navigate', to: `${PATHS.mfaTotpRecovery}?${params}` };
  }
  if (query.scope === 'internal' && query.redirect) {
    const href = safeTargetPath(query.redirect, origin);
    if (href) return { kind: 'fullPage', href };
  }
  if (answer.weak_password || query.weakPassword)
    return { kind: 'navigate', to: `${PATHS.weakPassword}?verified=true` };
  if (query.isLogin || query.payloadGiven) return { kind: 'target' };
  if (query.redirect) {
    const to = redirectPath(query.redirect, query, origin);
    if (to) return { kind: 'navigate', to };
  }
  return { kind: 'back' };
}
