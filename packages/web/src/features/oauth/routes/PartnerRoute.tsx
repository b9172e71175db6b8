import { allowedRedirect } from '@vestibule/contract/redirects';
import { useSearchParams } from 'react-router';
import { Icon, type IconName } from '../../../components/Icon';
import row from '../../../components/LinkRow.module.css';
import { useTranslation } from '../../../i18n/react';
import { areaUrl, DEALS_PARTNER_URL, type UserArea, userAreas } from '../../../lib/areas';
import { currentEdition } from '../../../lib/edition';
import { useUser } from '../../../lib/user';
import { useHasDeskSeat } from '../api/desk';
import { usePartner } from '../api/partner';
import styles from './OAuthPage.module.css';

type DestinationId = 'clientArea' | 'myArea' | 'admin' | 'deals' | 'partner';

interface Destination {
  id: DestinationId;
  href: string;
  icon: IconName;
  external: boolean;
  /** Deals opens beside the portal; going back to the partner leaves it. */
  newTab: boolean;
}

const AREAS: { id: DestinationId; area: UserArea; icon: IconName }[] = [
  { id: 'clientArea', area: 'client', icon: 'client' },
  { id: 'myArea', area: 'my', icon: 'my' },
];

/**
 * /partner (SPEC §2): a user arriving from a partner chooses where to go. The query arrives as
 * inputs (client_id, redirect_uri, error); an unknown or misconfigured partner shows the
 * invalid-partner text, and the partner itself is offered only at its registered homepage.
 */
export function PartnerRoute() {
  const { t } = useTranslation();
  const edition = currentEdition();
  const [search] = useSearchParams();
  const clientId = search.get('client_id') ?? undefined;
  const redirectUri = search.get('redirect_uri') ?? undefined;
  const failed = search.has('error');
  const partner = usePartner(failed ? undefined : clientId, redirectUri);
  const invalid = failed || partner.isError;

  const user = useUser();
  // The client and employee areas the account has an id on, as the dashboard lists them, and the
  // administration console only for an account with a seat at the desk.
  const has = new Set<UserArea>(user.data ? userAreas(user.data) : []);
  const deskSeat = useHasDeskSeat(Boolean(user.data));
  const destinations: Destination[] = AREAS.filter(({ area }) => has.has(area)).map(({ id, area, icon }) => ({
    id,
    href: areaUrl(window.location, area),
    icon,
    external: false,
    newTab: false,
  }));
  if (deskSeat.data)
    destinations.push({ id: 'admin', href: '/admin', icon: 'security', external: false, newTab: false });
  if (edition.showDealsPartner)
    destinations.push({ id: 'deals', href: DEALS_PARTNER_URL, icon: 'deals', external: true, newTab: true });
  const home = partner.data?.destination;
  const partnerHref = home
    ? allowedRedirect(home, { origin: window.location.origin, registered: [home] })
    : undefined;
  if (partner.data && partnerHref)
    destinations.push({ id: 'partner', href: partnerHref, icon: 'globe', external: true, newTab: false });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="partner-title">
        <h1 id="partner-title">{t('oauth.partner.title')}</h1>
        {invalid ? (
          <p role="alert" className={styles.error}>
            {t('oauth.partner.invalid')}
          </p>
        ) : (
          <p className={styles.intro}>{t('oauth.partner.intro', { brand: edition.brandName })}</p>
        )}
        <ul className={row.list}>
          {destinations.map((destination) => (
            <li key={destination.id} data-destination={destination.id}>
              <a
                className={styles.destination}
                href={destination.href}
                {...(destination.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <span className={row.icon}>
                  <Icon name={destination.icon} />
                </span>
                <span className={row.text}>
                  <span className={row.name}>
                    {t(`oauth.partner.${destination.id}.name`, { client: partner.data?.name ?? '' })}
                  </span>
                  <span className={row.description}>{t(`oauth.partner.${destination.id}.description`)}</span>
                  {destination.newTab && (
                    <span className="visually-hidden">({t('oauth.partner.external')})</span>
                  )}
                </span>
                <Icon name={destination.external ? 'external' : 'arrow'} className={row.chevron} />
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
