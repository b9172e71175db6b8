import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a webhook may not reach in production: this host, private networks, link-local, metadata. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Why a destination is refused, in words an operator can act on. */
export class WebhookDestinationError extends Error {
  constructor(
    readonly reason: 'invalid_url' | 'not_https' | 'private_address' | 'unresolvable',
    message: string,
  ) {
    super(message);
  }
}

export interface DestinationPolicy {
  /** Production refuses private and loopback destinations and plain http. */
  production: boolean;
  /** Host names an operator allowed although they resolve to private addresses (an internal CRM). */
  allowedHosts: readonly string[];
}

function isPrivate(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ? PRIVATE.check(mapped[1], 'ipv4') : PRIVATE.check(address, family);
}

/**
 * Checks a subscription's URL, and again before each delivery (a name may resolve elsewhere later):
 * https, and in production no address of this host or a private network unless the host is allowed.
 */
export async function checkDestination(raw: string, policy: DestinationPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookDestinationError('invalid_url', `"${raw}" is not a URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.production)) {
    throw new WebhookDestinationError('not_https', 'a webhook URL must use https');
  }
  if (url.username || url.password)
    throw new WebhookDestinationError('invalid_url', 'a webhook URL carries no credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!policy.production || policy.allowedHosts.includes(host.toLowerCase())) return url;
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true }).then(
        (found) => found.map((entry) => entry.address),
        () => {
          throw new WebhookDestinationError('unresolvable', `${host} does not resolve`);
        },
      );
  const blocked = addresses.find(isPrivate);
  if (blocked) {
    throw new WebhookDestinationError(
      'private_address',
      `${host} resolves to ${blocked}, a private or local address: allow it with WEBHOOK_ALLOWED_HOSTS if it is yours`,
    );
  }
  return url;
}
