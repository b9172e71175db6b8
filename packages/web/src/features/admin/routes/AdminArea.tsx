import type { AdminMe } from '@vestibule/contract/schemas/admin';
import { Suspense, useId } from 'react';
import { Link, Navigate, NavLink, Route, Routes } from 'react-router';
import { ErrorAlert } from '../../../components/Alert';
import { Card } from '../../../components/Card';
import { IdleWarning } from '../../../components/IdleWarning';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { useAdminMe } from '../api/me';
import styles from '../components/AdminLayout.module.css';
import { MaintenanceBanner } from '../operations/MaintenanceBanner';
import { ADMIN_SECTIONS, type AdminSection } from '../sections';

/** The sections a caller's capabilities open. */
const sectionsFor = (me: AdminMe) =>
  ADMIN_SECTIONS.filter((section) => me.capabilities.includes(section.capability));

/**
 * /admin/*: the administration console (decision 0076), a chunk of its own. Navigation by role;
 * each section's page loads when first opened.
 */
export function AdminArea() {
  const { t } = useTranslation();
  const me = useAdminMe();
  if (me.isPending)
    return (
      <main id="main" tabIndex={-1} className={styles.main}>
        <p role="status">{t('common.loading')}</p>
      </main>
    );
  if (me.error) return <Refused error={me.error} onRetry={() => void me.refetch()} />;
  const sections = sectionsFor(me.data);
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('admin.nav.label')}>
        <ul className={styles.list}>
          <li>
            <NavLink to={PATHS.admin} end className={styles.link}>
              {t('admin.nav.home')}
            </NavLink>
          </li>
          {sections.map((section) => (
            <li key={section.path}>
              <NavLink to={`${PATHS.admin}/${section.path}`} className={styles.link}>
                {t(section.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" tabIndex={-1} className={styles.main}>
        <IdleWarning />
        {me.data.capabilities.includes('operations') && <MaintenanceBanner />}
        <Routes>
          <Route index element={<AdminHome me={me.data} sections={sections} />} />
          {sections.map((section) => (
            <Route
              key={section.path}
              path={`${section.path}/*`}
              element={
                <Suspense fallback={<p role="status">{t('common.loading')}</p>}>
                  <section.Page />
                </Suspense>
              }
            />
          ))}
          <Route path="*" element={<Navigate to={PATHS.admin} replace />} />
        </Routes>
      </main>
    </div>
  );
}

/** The console's first page: who is at the desk, their roles, and where to go. */
function AdminHome({ me, sections }: { me: AdminMe; sections: readonly AdminSection[] }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Page title={t('admin.home.title')} intro={t('admin.home.intro', { name: me.name })}>
      <Card aria-labelledby={`${id}-roles`}>
        <h2 id={`${id}-roles`}>{t('admin.home.rolesTitle')}</h2>
        <ul className={styles.roles}>
          {me.grants.map((grant) => (
            <li key={`${grant.role}-${grant.edition ?? 'both'}-${grant.company_id ?? 0}`}>
              <strong>{t(`admin.roles.${grant.role}`)}</strong>
              {' · '}
              {grant.company_id !== null
                ? t('admin.home.company', { id: grant.company_id })
                : t(`admin.home.scope.${grant.edition ?? 'both'}`)}
            </li>
          ))}
        </ul>
        {sections.length > 0 && (
          <ul className={styles.shortcuts}>
            {sections.map((section) => (
              <li key={section.path}>
                <Link to={`${PATHS.admin}/${section.path}`}>{t(section.label)}</Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}

/** Not staff, staff without an app or a key, or the console could not load. */
function Refused({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : undefined;
  return (
    <main id="main" tabIndex={-1} className={styles.main}>
      <Page title={t('admin.refused.title')}>
        {code === 'staff_mfa_required' ? (
          <Card>
            <p>{t('admin.refused.mfa')}</p>
            <p>
              <Link to={PATHS.security}>{t('admin.refused.setUp')}</Link>
            </p>
          </Card>
        ) : code === 'forbidden' ? (
          <Card>
            <p>{t('admin.refused.notStaff')}</p>
            <p>
              <Link to={PATHS.dashboard}>{t('admin.refused.portal')}</Link>
            </p>
          </Card>
        ) : (
          <ErrorAlert retry={{ label: t('admin.refused.retry'), onRetry }}>
            {t('admin.refused.error')}
          </ErrorAlert>
        )}
      </Page>
    </main>
  );
}
