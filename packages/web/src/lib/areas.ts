import type { User } from '@vestibule/contract/schemas/user';

// The portal's sibling areas (SPEC §2 dashboard and partner landing): their hosts are built from
// this account host, so every link stays on the operator's own domain.

/** The deals partner's site: external, so its address is a constant. */
export const DEALS_PARTNER_URL = 'https://deals.vestibule.example/';

export type Area = 'client' | 'my' | 'fridom' | 'admin';
/** An area an account has an id on (administration has none: it signs its users in itself). */
export type UserArea = Exclude<Area, 'admin'>;

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

/**
 * SPEC §2: the areas the account has an id on, in the order the screens list them (the
 * dashboard's services, the partner landing's destinations).
 */
export function userAreas(user: Pick<User, 'customer_user_id' | 'user_id' | 'fridom_user_id'>): UserArea[] {
  const areas: UserArea[] = [];
  if (user.customer_user_id) areas.push('client');
  if (user.user_id) areas.push('my');
  if (user.fridom_user_id) areas.push('fridom');
  return areas;
}
