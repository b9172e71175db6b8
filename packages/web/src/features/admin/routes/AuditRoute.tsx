import { STAFF_ROLES, type StaffRole } from '@vestibule/contract/schemas/admin';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, ErrorAlert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { ListRow, RowList } from '../../../components/ListRow';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { intlLocale } from '../../../lib/intl';
import { PATHS } from '../../../lib/paths';
import { type AuditFilters, useAuditExport, useAuditSearch } from '../api/security';
import styles from '../components/Admin.module.css';
import { ReasonDialog } from '../components/ReasonDialog';

const FILTERS = ['account', 'kind', 'actor', 'ip', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];

function filtersOf(params: URLSearchParams): AuditFilters {
  const filters: Record<string, string | number> = {};
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filters[name] = name === 'account' ? Number(value) : value;
  }
  return filters as AuditFilters;
}

/** Saves a text as a file the browser downloads. */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** /admin/audit: who did what, when, from where, and which staff member; CSV export for a reason. */
export function AuditRoute() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  // The filters' format is the server's to judge: its 422 names the field (below).
  const { register, handleSubmit } = useForm<Record<FilterName, string>>({
    defaultValues: Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  });
  const rows = useAuditSearch(filters);
  const exporter = useAuditExport();
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'medium' }).format(
      new Date(iso),
    );
  // A staff role in the reader's language; a machine client's scope or the CLI as recorded.
  const roleLabel = (role: string) =>
    (STAFF_ROLES as readonly string[]).includes(role) ? t(`admin.roles.${role as StaffRole}`) : role;
  const fieldErrors =
    rows.error instanceof ApiError && rows.error.status === 422 ? (rows.error.fields ?? {}) : {};

  const submit = handleSubmit((draft) =>
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''))),
  );

  const entries = rows.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Page title={t('admin.audit.title')} intro={t('admin.audit.intro')} width="wide">
      <Card aria-labelledby={`${id}-filters`}>
        <h2 id={`${id}-filters`}>{t('admin.audit.filtersTitle')}</h2>
        <p className={styles.muted}>{t('admin.audit.filtersHint')}</p>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <div className={styles.filters}>
            {FILTERS.map((name) => (
              <Field
                key={name}
                id={`${id}-${name}`}
                label={t(`admin.audit.filters.${name}`)}
                error={fieldErrors[name] ? t('admin.audit.invalid') : undefined}
              >
                {(control) => (
                  <input
                    {...control}
                    type={name === 'from' || name === 'to' ? 'date' : 'text'}
                    inputMode={name === 'account' ? 'numeric' : undefined}
                    autoComplete="off"
                    {...register(name)}
                  />
                )}
              </Field>
            ))}
          </div>
          <div className={styles.actions}>
            <Button type="submit" busy={rows.isFetching && !rows.isFetchingNextPage}>
              {t('admin.audit.search')}
            </Button>
            <Button variant="secondary" onClick={() => setExporting(true)}>
              {t('admin.audit.export')}
            </Button>
          </div>
        </form>
      </Card>
      <Card aria-labelledby={`${id}-rows`}>
        <h2 id={`${id}-rows`}>{t('admin.audit.rowsTitle')}</h2>
        {rows.isPending && <p role="status">{t('common.loading')}</p>}
        {rows.isError && Object.keys(fieldErrors).length === 0 && (
          <ErrorAlert>{errorMessage(t, rows.error)}</ErrorAlert>
        )}
        {rows.isSuccess && entries.length === 0 && <EmptyState>{t('admin.audit.none')}</EmptyState>}
        {entries.length > 0 && (
          <RowList testId="audit-rows">
            {entries.map((entry) => (
              <ListRow key={entry.id}>
                <span className={styles.line}>
                  <span className={styles.code}>{entry.kind}</span>
                  {entry.actor && <Badge>{roleLabel(entry.actor_role ?? entry.actor)}</Badge>}
                </span>
                <span className={styles.muted}>
                  {[date(entry.created_at), entry.ip, entry.actor, entry.reason, entry.ticket]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {entry.account_id !== null && (
                  <Link to={`${PATHS.admin}/accounts/${entry.account_id}`} className={styles.muted}>
                    {t('admin.audit.account', { id: entry.account_id })}
                  </Link>
                )}
              </ListRow>
            ))}
          </RowList>
        )}
        {rows.hasNextPage && (
          <Button
            variant="secondary"
            busy={rows.isFetchingNextPage}
            onClick={() => void rows.fetchNextPage()}
          >
            {t('admin.audit.more')}
          </Button>
        )}
      </Card>
      <ReasonDialog
        open={exporting}
        title={t('admin.audit.exportTitle')}
        confirmLabel={t('admin.audit.export')}
        onSubmit={async (input) => {
          const csv = await exporter.mutateAsync({ filters, ...input });
          download(csv, 'audit.csv');
          toast.show('success', t('admin.audit.exported'));
          setExporting(false);
        }}
        onClose={() => setExporting(false)}
      >
        {t('admin.audit.exportIntro')}
      </ReasonDialog>
    </Page>
  );
}
