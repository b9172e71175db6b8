import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MaintenanceState } from '@vestibule/contract/schemas/admin-operations';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { errorMessage } from '../../../lib/errorMessage';
import { useAdminMe } from '../api/me';
import { ReasonDialog } from '../components/ReasonDialog';
import { useStaffStepUp } from '../stepUp';
import { MAINTENANCE_KEY, type Reason, switchMaintenance, useMaintenance } from './api';
import styles from './Operations.module.css';

/** /admin/maintenance: the switch of the whole portal, with why; the console keeps working while on. */
export function MaintenanceRoute() {
  const { t } = useTranslation();
  const state = useMaintenance();
  return (
    <Page title={t('adminOperations.maintenance.title')} intro={t('adminOperations.maintenance.intro')}>
      {state.isError ? (
        <ErrorAlert retry={{ label: t('admin.refused.retry'), onRetry: () => void state.refetch() }}>
          {errorMessage(t, state.error)}
        </ErrorAlert>
      ) : state.isPending ? (
        <p role="status">{t('common.loading')}</p>
      ) : (
        <SwitchCard state={state.data} />
      )}
    </Page>
  );
}

function SwitchCard({ state }: { state: MaintenanceState }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toast = useToast();
  const stepUp = useStaffStepUp();
  const queryClient = useQueryClient();
  const me = useAdminMe();
  const [confirming, setConfirming] = useState(false);
  // The switch closes both editions: an operator of one edition sees it, and cannot move it.
  const bothEditions = (me.data?.editions.length ?? 0) > 1;
  const when = state.since
    ? new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(state.since))
    : null;

  const flip = useMutation({ mutationFn: switchMaintenance });

  async function submit(reason: Reason) {
    try {
      const next = await flip.mutateAsync({ on: !state.on, ...reason });
      queryClient.setQueryData(MAINTENANCE_KEY, next);
      setConfirming(false);
      toast.show(
        'success',
        t(next.on ? 'adminOperations.maintenance.onToast' : 'adminOperations.maintenance.offToast'),
      );
    } catch (cause) {
      if (stepUp.onRefused(cause)) return;
      throw cause;
    }
  }

  return (
    <Card aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adminOperations.maintenance.stateTitle')}</h2>
      <div
        className={state.on ? `${styles.state} ${styles.stateOn}` : styles.state}
        data-testid="maintenance-state"
      >
        {state.on ? t('adminOperations.maintenance.on') : t('adminOperations.maintenance.off')}
      </div>
      {when && (
        <p className={ui.muted}>
          {state.reason && state.by
            ? t('adminOperations.maintenance.since', { when, by: state.by, reason: state.reason })
            : t('adminOperations.maintenance.sinceNoReason', { when })}
        </p>
      )}
      {bothEditions ? (
        <div>
          <Button
            variant={state.on ? 'primary' : 'danger'}
            onClick={() => void stepUp.ensure().then((ok) => ok && setConfirming(true))}
          >
            {state.on
              ? t('adminOperations.maintenance.switchOff')
              : t('adminOperations.maintenance.switchOn')}
          </Button>
        </div>
      ) : (
        <p>{t('adminOperations.maintenance.bothEditionsOnly')}</p>
      )}
      <ReasonDialog
        open={confirming}
        title={
          state.on ? t('adminOperations.maintenance.confirmOff') : t('adminOperations.maintenance.confirmOn')
        }
        confirmLabel={
          state.on ? t('adminOperations.maintenance.switchOff') : t('adminOperations.maintenance.switchOn')
        }
        danger={!state.on}
        onSubmit={submit}
        onClose={() => setConfirming(false)}
      >
        {state.on
          ? t('adminOperations.maintenance.confirmOffIntro')
          : t('adminOperations.maintenance.confirmOnIntro')}
      </ReasonDialog>
    </Card>
  );
}
