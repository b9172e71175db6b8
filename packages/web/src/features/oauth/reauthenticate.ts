import { forgetSession } from '../../lib/session';
import { storeTargetUrl } from '../../lib/targetUrl';

/**
 * OpenID Connect prompt=login or max_age (decision 0030): the portal login is too old for this
 * authorization. The browser forgets its session token (the server session stays until it idles
 * out or is ended in the Security tab: ending it would log the relying party out through the
 * back channel) and comes back to `approvePath` after a new login, password and MFA as usual.
 */
export function reauthenticateFor(approvePath: string): void {
  forgetSession();
  storeTargetUrl(approvePath);
}
