import { useId, useState } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import ui from '../../../components/Console.module.css';
import { Field } from '../../../components/Field';
import { useTranslation } from '../../../i18n/react';
import { PATHS } from '../../../lib/paths';
import { useMyCompanies } from '../api/myCompanies';
import { CompanyContext } from '../companyId';
import styles from '../components/CompanyAdmin.module.css';
import { AdoptionRoute } from './AdoptionRoute';
import { InviteRoute } from './InviteRoute';
import { PeopleRoute } from './PeopleRoute';
import { PolicyRoute } from './PolicyRoute';

const TABS = ['people', 'invite', 'adoption', 'policy'] as const;
/** Absolute: relative links inside a splat route resolve against the whole URL. */
const BASE = `${PATHS.admin}/company`;

/** /admin/company/*: the company admin's pages, with their own tabs, for the company they hold. */
export function CompanyAdminArea() {
  const { t } = useTranslation();
  const id = useId();
  const { companies, isPending } = useMyCompanies();
  const [chosen, setChosen] = useState<number | null>(null);
  const companyId = chosen ?? companies[0] ?? 0;
  if (isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('common.loading')}
      </p>
    );
  return (
    <CompanyContext.Provider value={companyId}>
      <div className={ui.stack}>
        <nav aria-label={t('companyAdmin.nav.title')}>
          <ul className={styles.tabs}>
            {TABS.map((tab) => (
              <li key={tab}>
                <NavLink to={`${BASE}/${tab}`} className={styles.tab}>
                  {t(`companyAdmin.nav.${tab}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {companies.length > 1 && (
          <Field id={`${id}-company`} label={t('companyAdmin.nav.company')}>
            {(control) => (
              <select
                {...control}
                className={ui.select}
                value={companyId}
                onChange={(event) => setChosen(Number(event.target.value))}
              >
                {companies.map((company) => (
                  <option key={company} value={company}>
                    #{company}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Routes>
          <Route index element={<Navigate to={`${BASE}/people`} replace />} />
          <Route path="people" element={<PeopleRoute />} />
          <Route path="invite" element={<InviteRoute />} />
          <Route path="adoption" element={<AdoptionRoute />} />
          <Route path="policy" element={<PolicyRoute />} />
          <Route path="*" element={<Navigate to={`${BASE}/people`} replace />} />
        </Routes>
      </div>
    </CompanyContext.Provider>
  );
}
