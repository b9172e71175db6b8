import { AsyncLocalStorage } from 'node:async_hooks';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

// Two adjustments of oidc-provider's per-provider Client class (decision 0031); a major upgrade of
// oidc-provider must re-run the conformance tests (api/test/oauth/conformance.*).
//
// OpenID Connect Core 9 and RFC 6749 §2.3: a client authenticates with the method it registered.
// oidc-provider takes client_secret_basic and client_secret_post as one family (either one works
// for a client registered with the other); here a secret presented the other way is refused with
// invalid_client, like a wrong secret (decision 0031).

/** How the request presented its secret: an Authorization header (basic) or the body (post). */
const presented = new AsyncLocalStorage<'client_secret_basic' | 'client_secret_post'>();

/** Koa middleware: remembers for the request whether the secret came in the Authorization header. */
export async function notePresentedMethod(ctx: KoaContextWithOIDC, next: () => Promise<void>) {
  const basic = /^basic /i.test(ctx.headers.authorization ?? '');
  // The provider reads a body secret only without the header (both at once it refuses itself).
  await presented.run(basic ? 'client_secret_basic' : 'client_secret_post', next);
}

/** The provider's secret comparison, refusing a secret presented by the other method. */
export function enforceRegisteredSecretMethod(provider: Provider) {
  type Compare = (this: { clientAuthMethod: string }, actual: string) => Promise<boolean>;
  const prototype = provider.Client.prototype as unknown as { compareClientSecret: Compare };
  const compare = prototype.compareClientSecret;
  prototype.compareClientSecret = function (actual) {
    const method = presented.getStore();
    if (method !== undefined && method !== this.clientAuthMethod) return Promise.resolve(false);
    return compare.call(this, actual);
  };
}

/**
 * RFC 6749 §4.1.2.1: a response type the server does not support answers
 * unsupported_response_type. oidc-provider checks the client's response modes first, so `token`
 * (whose default mode, fragment, a query-only client lacks) would answer invalid_request: the mode
 * check lets unsupported types through to the response type check, which then refuses them.
 */
export function answerUnsupportedResponseTypes(provider: Provider, supported: readonly string[]) {
  type ModeCheck = (mode: string, type: string, fapi: unknown) => boolean;
  const prototype = provider.Client.prototype as unknown as { responseModeAllowed: ModeCheck };
  const allowed = prototype.responseModeAllowed;
  prototype.responseModeAllowed = function (this: unknown, mode, type: string | undefined, fapi) {
    // Without a response type the provider's own check answers invalid_request to the client.
    if (typeof type !== 'string') return true;
    const normalized = [...new Set(type.split(' '))].sort().join(' ');
    return !supported.includes(normalized) || allowed.call(this, mode, type, fapi);
  };
}
