import type { ClientChanges } from './clients.registry';

// The admin CLI's flags for `clients add|update` (clients.command.ts); their checks are the
// registry's (clients.registry.ts), shared with the admin API.

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

/**
 * Response modes, logout addresses (docs/decisions/0031, 0033) and the ID token algorithm as a
 * registry change: only those given; `--no-post-logout` and `--no-backchannel` empty them.
 */
export function logoutAndModes(flags: ReturnType<typeof parseFlags>): ClientChanges {
  const changes: ClientChanges = {};
  const modes = flags.values.get('--response-mode');
  if (modes) changes.responseModes = modes;
  const afterLogout = flags.values.get('--post-logout-redirect-uri');
  if (afterLogout) changes.postLogoutRedirectUris = afterLogout;
  if (flags.on.has('--no-post-logout')) changes.postLogoutRedirectUris = [];
  const backchannel = flags.one('--backchannel-logout-uri');
  if (backchannel) changes.backchannelLogoutUri = backchannel;
  if (flags.on.has('--no-backchannel')) changes.backchannelLogoutUri = null;
  const algorithm = flags.one('--id-token-alg');
  if (algorithm) changes.idTokenAlg = algorithm;
  return changes;
}
