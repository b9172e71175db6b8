import { EDITION_IDS, EDITIONS } from '@vestibule/contract/editions';
import { isRegistrableAddress } from '@vestibule/contract/redirects';
import { isAdminScope } from '@vestibule/contract/schemas/admin';
import { registrableScopes } from '@vestibule/contract/scopes';
import { RESPONSE_MODES } from './clients.queries';

// The admin CLI's flags for `clients add|update` and their checks (clients.command.ts).

export class UsageError extends Error {}

/** `--name x --redirect-uri a --redirect-uri b --public` → values by flag (repeatable) and switches. */
export function parseFlags(args: readonly string[], switches: ReadonlySet<string>) {
  const values = new Map<string, string[]>();
  const on = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (switches.has(arg)) on.add(arg);
    else {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value`);
      values.set(arg, [...(values.get(arg) ?? []), value]);
      i++;
    }
  }
  const one = (flag: string) => values.get(flag)?.at(-1);
  return { values, on, positional, one };
}

export function checkUris(uris: readonly string[], what: string) {
  const allowHttp = process.env.NODE_ENV !== 'production';
  for (const uri of uris)
    if (!isRegistrableAddress(uri, { allowHttp }))
      throw new UsageError(`${what} ${uri} is not an absolute https address (http only on loopback)`);
}

export function checkScopes(text: string): string[] {
  const known = registrableScopes(Object.values(EDITIONS));
  const scopes = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((scope) => !known.has(scope) && !isAdminScope(scope));
  if (unknown.length) throw new UsageError(`unknown scopes: ${unknown.join(', ')}`);
  // A machine client of the admin API holds admin scopes only: no user ever stands behind it.
  if (scopes.some(isAdminScope) && !scopes.every(isAdminScope))
    throw new UsageError('admin scopes cannot be mixed with user scopes: register a machine client apart');
  return scopes;
}

export function checkEdition(edition: string | undefined): string | null {
  if (edition === undefined) return null;
  if (!(EDITION_IDS as readonly string[]).includes(edition))
    throw new UsageError(`unknown edition ${edition}`);
  return edition;
}

function checkResponseModes(modes: readonly string[]): string[] {
  const unknown = modes.filter((mode) => !(RESPONSE_MODES as readonly string[]).includes(mode));
  if (unknown.length) throw new UsageError(`unknown response modes: ${unknown.join(', ')}`);
  return [...new Set(modes)];
}

/**
 * Response modes and logout addresses (docs/decisions/0031, 0033), as column values: only those
 * given; `clear` names the switches that empty them (update).
 */
export function logoutAndModes(flags: ReturnType<typeof parseFlags>): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  const modes = flags.values.get('--response-mode');
  if (modes) values.response_modes = JSON.stringify(checkResponseModes(modes));
  const afterLogout = flags.values.get('--post-logout-redirect-uri');
  if (afterLogout) {
    checkUris(afterLogout, 'post-logout redirect URI');
    values.post_logout_redirect_uris = JSON.stringify(afterLogout);
  }
  if (flags.on.has('--no-post-logout')) values.post_logout_redirect_uris = '[]';
  const backchannel = flags.one('--backchannel-logout-uri');
  if (backchannel) {
    checkUris([backchannel], 'back-channel logout URI');
    values.backchannel_logout_uri = backchannel;
  }
  if (flags.on.has('--no-backchannel')) values.backchannel_logout_uri = null;
  // ES256 for a client that accepts it (cheaper to sign); RS256, the default, for one that needs it.
  const algorithm = flags.one('--id-token-alg');
  if (algorithm) {
    if (algorithm !== 'RS256' && algorithm !== 'ES256')
      throw new UsageError('--id-token-alg: RS256 or ES256');
    values.id_token_signed_response_alg = algorithm;
  }
  return values;
}
