import { EmptyState, ErrorAlert } from '../../../components/Alert';
import { Icon, type IconName } from '../../../components/Icon';
import row from '../../../components/LinkRow.module.css';
import page from '../../../components/Page.module.css';
import { useTranslation } from '../../../i18n/react';
import { currentEdition } from '../../../lib/edition';
import { useUser } from '../../../lib/user';
import { type ServiceId, servicesFor } from '../services';
import styles from './DashboardRoute.module.css';

const ICONS: Record<ServiceId, IconName> = {
  clientArea: 'client',
  myArea: 'my',
  fridom: 'fridom',
  deals: 'deals',
};

/** /user/dashboard (SPEC §2): welcome and the services of this user. */
export function DashboardRoute() {
  const { t } = useTranslation();
  const user = useUser();

  if (!user.data) {
    return (
      <div className={styles.page}>
        <h1>{t('dashboard.welcomeAnonymous')}</h1>
        {user.isError ? (
          <ErrorAlert retry={{ label: t('dashboard.retry'), onRetry: () => void user.refetch() }}>
            <p>{t('dashboard.loadError')}</p>
          </ErrorAlert>
        ) : (
          <p aria-live="polite">{t('common.loading')}</p>
        )}
      </div>
    );
  }

  const services = servicesFor(user.data, currentEdition(), window.location);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1>
          {user.data.firstname
            ? t('dashboard.welcome', { firstname: user.data.firstname })
            : t('dashboard.welcomeAnonymous')}
        </h1>
        <p className={styles.intro}>{t('dashboard.intro')}</p>
      </header>
      <section aria-labelledby="services-title" className={styles.services}>
        <h2 id="services-title">{t('dashboard.services')}</h2>
        {services.length === 0 ? (
          <EmptyState>{t('dashboard.noServices')}</EmptyState>
        ) : (
          <ul className={page.cardGrid}>
            {services.map((service) => (
              <li key={service.id} data-service={service.id}>
                <a
                  className={styles.row}
                  href={service.href}
                  {...(service.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  <span className={row.iconLarge}>
                    <Icon name={ICONS[service.id]} />
                  </span>
                  <span className={row.text}>
                    <span className={`${row.name} ${styles.name}`}>{t(`dashboard.${service.id}.name`)}</span>
                    <span className={row.description}>{t(`dashboard.${service.id}.description`)}</span>
                    {service.external && <span className="visually-hidden">({t('dashboard.external')})</span>}
                  </span>
                  <Icon name={service.external ? 'external' : 'arrow'} className={row.chevron} />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
