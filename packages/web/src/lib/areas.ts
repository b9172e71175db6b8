// The portal's sibling areas (SPEC §2 dashboard and partner landing): their hosts are built from
// this account host, so every link stays on the operator's own domain.

/** The deals partner's site: external, so its address is a constant. */
export const DEALS_PARTNER_URL = 'https://deals.vestibule.example/';

export type Area = 'client' | 'my' | 'fridom' | 'admin';

/**
 * The host of an area next to this account host: the first label `account` is replaced by the
 * area (`account.example.com` → `client.example.com`); a host without it gets the area as a new
 * first label (`localhost:3000` → `client.localhost:3000`, `lu.localhost` → `my.lu.localhost`).
 */
export function areaHost(host: string, area: Area): string {
  const labels = host.split('.');
  if (labels[0]?.toLowerCase() === 'account') return [area, ...labels.slice(1)].join('.');
  return `${area}.${host}`;
}

/** The home address of an area, for this page's location. */
export function areaUrl(location: Pick<Location, 'protocol' | 'host'>, area: Area): string {
  return `${location.protocol}//${areaHost(location.host, area)}/`;
}
