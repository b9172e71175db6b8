import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { NavLink, Outlet } from 'react-router';
import { Icon, type IconName } from '../../components/Icon';
import { IdleWarning } from '../../components/IdleWarning';
import { useNotifications } from '../../features/security/api/notifications';
import { useTranslation } from '../../i18n/react';
import { LINKED_PATHS, PATHS } from '../../lib/paths';
import { TOPBAR_SLOT_ID } from './TopBar';
import styles from './UserLayout.module.css';

// Sidebar entries (SPEC §2). Notifications is not in the mobile tab bar: phones have it in the top bar.
const NAV_ITEMS: { key: IconName & keyof typeof LABELS; to: string; tabBar: boolean }[] = [
  { key: 'dashboard', to: PATHS.dashboard, tabBar: true },
  { key: 'profile', to: LINKED_PATHS.profile, tabBar: true },
  { key: 'security', to: LINKED_PATHS.security, tabBar: true },
  { key: 'access', to: LINKED_PATHS.access, tabBar: true },
  { key: 'notifications', to: LINKED_PATHS.notifications, tabBar: false },
];

const LABELS = {
  dashboard: 'nav.dashboard',
  profile: 'nav.profile',
  security: 'nav.security',
  access: 'nav.access',
  notifications: 'nav.notifications',
} as const;

/** Logged-in pages: sidebar on desktop, bottom tab bar under the small breakpoint (576 px). */
export function UserLayout() {
  const { t } = useTranslation();
  // Unread security notifications: a count on the sidebar entry, a dot on the Security tab.
  const unread = useNotifications().data?.unread ?? 0;
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('nav.label')}>
        <ul className={styles.list}>
          {NAV_ITEMS.map((item) => (
            <li key={item.key} className={item.tabBar ? undefined : styles.sidebarOnly}>
              <NavLink to={item.to} className={styles.link}>
                <Icon name={item.key} className={styles.icon} />
                <span className={styles.label}>{t(LABELS[item.key])}</span>
                {unread > 0 && item.key === 'notifications' && (
                  <span className={styles.badge} data-testid="notification-badge">
                    <span aria-hidden="true">{unread > 9 ? '9+' : unread}</span>
                    <span className="visually-hidden">
                      {t('security.notifications.badge', { count: unread })}
                    </span>
                  </span>
                )}
                {unread > 0 && item.key === 'security' && (
                  <span className={styles.tabDot}>
                    <span className="visually-hidden">
                      {t('security.notifications.badge', { count: unread })}
                    </span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <NotificationsHeaderLink unread={unread} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <IdleWarning />
        <Outlet />
      </main>
    </div>
  );
}

/** Phones: a bell in the top bar (read or not, notifications stay one tap away), with the unread dot. */
function NotificationsHeaderLink({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById(TOPBAR_SLOT_ID)), []);
  if (!slot) return null;
  return createPortal(
    <NavLink to={LINKED_PATHS.notifications} className={styles.headerLink} data-testid="header-notifications">
      <Icon name="notifications" className={styles.icon} />
      <span className="visually-hidden">{t('nav.notifications')}</span>
      {unread > 0 && (
        <span className={styles.headerDot}>
          <span className="visually-hidden">{t('security.notifications.badge', { count: unread })}</span>
        </span>
      )}
    </NavLink>,
    slot,
  );
}
