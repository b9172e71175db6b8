import { createHash } from 'node:crypto';
import { type Edition, localeFor } from '@vestibule/contract/editions';
import { oauthPageTexts } from '@vestibule/contract/i18n/oauth-pages';
import type { KoaContextWithOIDC } from 'oidc-provider';

// The only HTML the authorization server renders (docs/decisions/0031, 0032): the form_post
// response page, which posts the code (or error) to the client's redirect_uri, and the logout page
// of RP-initiated logout. Both submit themselves with one inline script; the CSP of /oauth forbids
// scripts and forms, so these pages get their own policy naming that script's hash and where the
// form goes, and nothing else.

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => Object.entries(ENTITIES).find(([, value]) => value === char)?.[0] ?? char,
  );

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function originOf(address: string, base: string): string | undefined {
  if (!URL.canParse(address, base)) return undefined;
  const url = new URL(address, base);
  return url.origin === new URL(base).origin ? "'self'" : url.origin;
}

/**
 * Koa middleware on the provider: an HTML answer gets a CSP allowing exactly its inline scripts
 * (by hash) and the origins its forms post to, plus the address a logout then redirects to (a
 * browser applies form-action to the redirect after a submission too).
 */
export async function formPagePolicy(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  // The body's type first: a JSON answer (every token request) skips the content-type matching.
  if (typeof ctx.body !== 'string' || !ctx.response.is('html')) return;
  const body = ctx.body;
  const scripts = [...body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => sha256(match[1] ?? ''));
  const targets = new Set<string>();
  for (const match of body.matchAll(/<form[^>]*\saction="([^"]*)"/g)) {
    const origin = originOf(decode(match[1] ?? ''), ctx.oidc.issuer);
    if (origin) targets.add(origin);
  }
  const afterLogout = ctx.oidc?.params?.post_logout_redirect_uri;
  if (targets.size && typeof afterLogout === 'string') {
    const origin = originOf(afterLogout, ctx.oidc.issuer);
    if (origin) targets.add(origin);
  }
  ctx.set(
    'content-security-policy',
    [
      "default-src 'none'",
      `script-src ${scripts.length ? [...new Set(scripts)].join(' ') : "'none'"}`,
      `form-action ${targets.size ? [...targets].join(' ') : "'none'"}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
}

const AUTO_SUBMIT = "document.addEventListener('DOMContentLoaded',function(){document.forms[0].submit()});";

/** The page language: the first of ui_locales the edition offers, else its default. */
function pageLocale(ctx: KoaContextWithOIDC, edition: Edition): string {
  const asked = ctx.oidc?.params?.ui_locales;
  const wanted = typeof asked === 'string' ? asked.split(' ') : [];
  return wanted.map((tag) => localeFor(edition, tag)).find(Boolean) ?? edition.defaultLocale;
}

/**
 * RP-initiated logout's page: the provider's form (its xsrf field) with `logout=yes`, so the
 * whole session ends. A request vouched for by a valid id_token_hint submits itself; without one
 * (any site could link here) the user presses the button.
 */
export function logoutSource(edition: Edition) {
  return async (ctx: KoaContextWithOIDC, form: string) => {
    const locale = pageLocale(ctx, edition);
    const texts = oauthPageTexts(locale);
    const vouched = ctx.oidc.entities.IdTokenHint !== undefined;
    const fields = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
    const button = `<button type="submit" form="op.logoutForm">${escapeHtml(texts.signOut)}</button>`;
    ctx.type = 'html';
    ctx.body = `<!DOCTYPE html>
<html lang="${locale.replace('_', '-')}">
<head><meta charset="utf-8"><title>${escapeHtml(texts.signingOut)}</title>${vouched ? `<script>${AUTO_SUBMIT}</script>` : ''}</head>
<body>${fields}${vouched ? `<noscript>${button}</noscript>` : button}</body>
</html>`;
  };
}

/** After a logout without a post_logout_redirect_uri: the portal's home (its login page). */
export async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.status = 303;
  ctx.redirect('/');
}
