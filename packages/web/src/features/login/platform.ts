import { clientIdOf } from '../../lib/targetUrl';

/** SPEC §9 platform label keys of the login wording. */
export type PlatformLabel = 'ca' | 'mm' | 'admin' | 'default';

const HOST_LABELS: Record<string, PlatformLabel> = { client: 'ca', my: 'mm', admin: 'admin' };

/**
 * Which platform the login names, chosen from the redirect target. The target is a same-origin
 * path; when it carries a `redirect_uri` (an OAuth authorisation) or `redirect`, that address says
 * where the user ends up, else the target itself does. The first label of that host is the area,
 * just as the dashboard builds area links (client.… → client area, my.… → employee area, admin.… → administration).
 * Anything else, including a missing or unreadable target, names the default product.
 */
export function platformLabel(target: string | null | undefined, origin: string): PlatformLabel {
  if (!target) return 'default';
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return 'default';
  }
  const destination = url.searchParams.get('redirect_uri') ?? url.searchParams.get('redirect');
  if (destination) {
    try {
      const firstLabel = new URL(destination, origin).hostname.split('.')[0] ?? '';
      return HOST_LABELS[firstLabel] ?? 'default';
    } catch {
      return 'default';
    }
  }
  return HOST_LABELS[url.hostname.split('.')[0] ?? ''] ?? 'default';
}

/** client_id sent with POST /api/token: the stored target's, for the server's platform rules. */
export function targetClientId(target: string | null | undefined, origin: string): string | undefined {
  return clientIdOf(target, origin);
}
