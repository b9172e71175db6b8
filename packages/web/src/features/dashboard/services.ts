import type { Edition } from '@vestibule/contract/editions';
import type { User } from '@vestibule/contract/schemas/user';

/** The deals partner's site (SPEC §2 dashboard): external, so its address is a constant. */
export const DEALS_PARTNER_URL = 'https://deals.vestibule.example/';

export type Area = 'client' | 'my' | 'fridom';
export type ServiceId = 'clientArea' | 'myArea' | 'fridom' | 'deals';

export interface Service {
  id: ServiceId;
  href: string;
  external: boolean;
}

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

/** SPEC §2: one row per area the user has an id on, plus deals unless the edition hides it. */
export function servicesFor(
  user: Pick<User, 'customer_user_id' | 'user_id' | 'fridom_user_id'>,
  edition: Pick<Edition, 'showDealsPartner'>,
  location: Pick<Location, 'protocol' | 'host'>,
): Service[] {
  const area = (id: ServiceId, name: Area): Service => ({
    id,
    href: `${location.protocol}//${areaHost(location.host, name)}/`,
    external: false,
  });
  const services: Service[] = [];
  if (user.customer_user_id) services.push(area('clientArea', 'client'));
  if (user.user_id) services.push(area('myArea', 'my'));
  if (user.fridom_user_id) services.push(area('fridom', 'fridom'));
  if (edition.showDealsPartner) services.push({ id: 'deals', href: DEALS_PARTNER_URL, external: true });
  return services;
}
