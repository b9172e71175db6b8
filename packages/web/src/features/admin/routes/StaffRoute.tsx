import { useId } from 'react';
import { ErrorAlert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Card } from '../../../components/Card';
import { ListRow, RowList } from '../../../components/ListRow';
import { Page } from '../../../components/Page';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useStaffList } from '../api/security';
import styles from '../components/Admin.module.css';

/** /admin/staff: who holds which role, and whether each signs in with an app or a key. */
export function StaffRoute() {
  const { t } = useTranslation();
  const id = useId();
  const staff = useStaffList();
  return (
    <Page title={t('admin.staff.title')} intro={t('admin.staff.intro')} width="wide">
      <Card aria-labelledby={id}>
        <h2 id={id}>{t('admin.staff.listTitle')}</h2>
        {staff.isPending && <p role="status">{t('common.loading')}</p>}
        {staff.isError && <ErrorAlert>{errorMessage(t, staff.error)}</ErrorAlert>}
        {staff.isSuccess && (
          <RowList testId="staff">
            {staff.data.data.map((member) => (
              <ListRow
                key={`${member.account_id}-${member.role}-${member.scope ?? 'both'}-${member.company ?? ''}`}
              >
                <span className={styles.line}>
                  <span className={styles.strong}>{member.name || member.email}</span>
                  <Badge>{t(`admin.roles.${member.role}`)}</Badge>
                  {!member.app_or_key && <Badge tone="warning">{t('admin.staff.noFactor')}</Badge>}
                  {member.locked && <Badge tone="warning">{t('admin.account.locked')}</Badge>}
                </span>
                <span className={styles.muted}>
                  {[member.email, member.company ?? t(`admin.home.scope.${member.scope ?? 'both'}`)]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </ListRow>
            ))}
          </RowList>
        )}
      </Card>
    </Page>
  );
}
