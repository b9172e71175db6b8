import type { MfaReset } from '@vestibule/contract/schemas/admin';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorAlert } from '../../../components/Alert';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { ListRow, RowList } from '../../../components/ListRow';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { intlLocale } from '../../../lib/intl';
import { PATHS } from '../../../lib/paths';
import { useAdminMe } from '../api/me';
import { type ResetStatus, useDecideMfaReset, useMfaResets } from '../api/security';
import styles from '../components/Admin.module.css';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';

/** /admin/mfa-resets: the requests support made; security approves or refuses (never its own). */
export function MfaResetsRoute() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [status, setStatus] = useState<ResetStatus>('pending');
  const requests = useMfaResets(status);
  const me = useAdminMe();
  const decide = useDecideMfaReset();
  const stepUp = useStaffStepUp();
  const toast = useToast();
  const [deciding, setDeciding] = useState<{ request: MfaReset; decision: 'approve' | 'refuse' } | null>(
    null,
  );
  const canDecide = me.data?.capabilities.includes('mfa_resets.decide') ?? false;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  async function start(request: MfaReset, decision: 'approve' | 'refuse') {
    if (await stepUp.ensure()) setDeciding({ request, decision });
  }

  return (
    <Page title={t('admin.resets.title')} intro={t('admin.resets.intro')} width="wide">
      <Card aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{t(`admin.resets.status.${status}`)}</h2>
        <Field id={`${id}-status`} label={t('admin.resets.show')}>
          {(control) => (
            <select
              {...control}
              value={status}
              onChange={(event) => setStatus(event.target.value as ResetStatus)}
            >
              {(['pending', 'approved', 'refused'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`admin.resets.status.${value}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {requests.isPending && <p role="status">{t('common.loading')}</p>}
        {requests.isError && <ErrorAlert>{errorMessage(t, requests.error)}</ErrorAlert>}
        {requests.isSuccess && requests.data.data.length === 0 && (
          <EmptyState>{t('admin.resets.none')}</EmptyState>
        )}
        {requests.isSuccess && requests.data.data.length > 0 && (
          <RowList testId="mfa-resets">
            {requests.data.data.map((request) => (
              <ListRow
                key={request.id}
                actions={
                  canDecide && request.status === 'pending' && !request.requested_by_me ? (
                    <>
                      <Button onClick={() => void start(request, 'approve')}>
                        {t('admin.resets.approve')}
                      </Button>
                      <Button variant="danger" onClick={() => void start(request, 'refuse')}>
                        {t('admin.resets.refuse')}
                      </Button>
                    </>
                  ) : undefined
                }
              >
                <span className={styles.line}>
                  <Link to={`${PATHS.admin}/accounts/${request.account_id}`} className={styles.strong}>
                    {request.account_name || `#${request.account_id}`}
                  </Link>
                  <Badge>{t(`admin.editions.${request.edition}`)}</Badge>
                  {request.requested_by_me && <Badge tone="warning">{t('admin.resets.yours')}</Badge>}
                </span>
                <span className={styles.muted}>
                  {t('admin.resets.asked', { who: request.requested_by, date: date(request.created_at) })}
                </span>
                <span className={styles.muted}>
                  {[
                    request.reason,
                    request.ticket,
                    t('admin.resets.checked', {
                      proofs: request.identity_checked
                        .map((p) => t(`admin.resets.proofs.${p === 'birthdate' ? 'birthdate' : 'card'}`))
                        .join(', '),
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                {request.decided_by && (
                  <span className={styles.muted}>
                    {t('admin.resets.decided', {
                      who: request.decided_by,
                      date: date(request.decided_at ?? request.created_at),
                    })}
                    {request.decision_reason ? ` · ${request.decision_reason}` : ''}
                  </span>
                )}
              </ListRow>
            ))}
          </RowList>
        )}
      </Card>
      <ReasonDialog
        open={deciding !== null}
        title={
          deciding
            ? t(`admin.resets.confirm.${deciding.decision}`, { name: deciding.request.account_name })
            : ''
        }
        confirmLabel={deciding ? t(`admin.resets.${deciding.decision}`) : ''}
        danger={deciding?.decision === 'approve'}
        onSubmit={async (input) => {
          if (!deciding) return;
          try {
            await decide.mutateAsync({ id: deciding.request.id, decision: deciding.decision, ...input });
            toast.show('success', t(`admin.resets.done.${deciding.decision}`));
            setDeciding(null);
          } catch (error) {
            if (!stepUp.onRefused(error)) throw error;
          }
        }}
        onClose={() => setDeciding(null)}
      >
        {deciding?.decision === 'approve' ? t('admin.resets.approveIntro') : null}
      </ReasonDialog>
    </Page>
  );
}
