import type { Edition } from '@vestibule/contract/editions';
import type { User } from '@vestibule/contract/schemas/user';
import { areaHost, DEALS_PARTNER_URL, type UserArea, userAreas } from '../../lib/areas';

export { areaHost, DEALS_PARTNER_URL } from '../../lib/areas';

export type ServiceId = 'clientArea' | 'myArea' | 'fridom' | 'deals';

export interface Service {
  id: ServiceId;
  href: string;
  external: boolean;
}

/** SPEC §2: one row per area the user has an id on, plus deals unless the edition hides it. */
export function servicesFor(
  user: Pick<User, 'customer_user_id' | 'user_id' | 'fridom_user_id'>,
  edition: Pick<Edition, 'showDealsPartner'>,
  location: Pick<Location, 'protocol' | 'host'>,
): Service[] {
  const area = (id: ServiceId, name: UserArea): Service => ({
    id,
    href: `${location.protocol}//${areaHost(location.host, name)}/`,
    external: false,
  });
  const ids: Record<UserArea, ServiceId> = { client: 'clientArea', my: 'myArea', fridom: 'fridom' };
  const services: Service[] = userAreas(user).map((name) => area(ids[name], name));
  if (edition.showDealsPartner) services.push({ id: 'deals', href: DEALS_PARTNER_URL, external: true });
  return services;
}
