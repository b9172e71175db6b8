import { allowedRedirect } from '@vestibule/contract/redirects';

/**
 * Full-page navigation to the authorization server's resume address, which redirects to the
 * client. Only a path of this origin is followed (DESIGN §4); a navigation, not a form post, so the
 * CSP's form-action 'self' never meets the client's redirect_uri.
 */
export function continueTo(target: string): boolean {
  const safe = allowedRedirect(target, { origin: window.location.origin });
  if (!safe) return false;
  window.location.assign(safe);
  return true;
}
