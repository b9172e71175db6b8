import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '../../../components/Badge';
import { Button } from '../../../components/Button';
import { Card } from '../../../components/Card';
import ui from '../../../components/Console.module.css';
import { ConsoleTable } from '../../../components/ConsoleTable';
import { FormError } from '../../../components/Field';
import { Page } from '../../../components/Page';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { replayDelivery, useDeliveries, useWebhooks } from '../api/webhooks';

const TONE = { delivered: 'success', failed: 'warning', pending: 'brand' } as const;

/** /admin/webhooks/:id: the delivery log of a subscription, each delivery with its attempts; replay. */
export function DeliveriesRoute() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const subscription = useWebhooks().data?.data.find((row) => row.id === id);
  const deliveries = useDeliveries(id);
  const resend = useMutation({
    mutationFn: ({ delivery, force }: { delivery: number; force: boolean }) =>
      replayDelivery(id, delivery, force),
  });
  // The row whose replay is under way.
  const busy = resend.isPending ? resend.variables.delivery : null;
  const [error, setError] = useState<string | null>(null);
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    dateStyle: 'short',
    timeStyle: 'medium',
  });

  async function replay(delivery: number, force: boolean) {
    setError(null);
    try {
      await resend.mutateAsync({ delivery, force });
      toast.show('success', t('adminWebhooks.replayed'));
      await queryClient.invalidateQueries({ queryKey: ['admin', 'webhooks', id, 'deliveries'] });
    } catch (cause) {
      if (cause instanceof ApiError && cause.code === 'sudo_required') navigate(stepUpAgainPath());
      else setError(errorMessage(t, cause));
    }
  }

  return (
    <Page
      title={t('adminWebhooks.deliveriesTitle', { url: subscription?.url ?? `#${id}` })}
      width="wide"
      before={
        <Link to="/admin/webhooks" className={ui.link}>
          ← {t('adminWebhooks.back')}
        </Link>
      }
    >
      <Card aria-label={t('adminWebhooks.deliveries')}>
        {(error || deliveries.isError) && <FormError>{error ?? errorMessage(t, deliveries.error)}</FormError>}
        <ConsoleTable
          loading={deliveries.isPending}
          empty={t('adminWebhooks.deliveriesEmpty')}
          columns={[
            t('adminWebhooks.event'),
            t('adminWebhooks.when'),
            t('adminWebhooks.status'),
            t('adminWebhooks.attempts'),
            t('adminWebhooks.answer'),
            t('adminWebhooks.actions'),
          ]}
          stacked
        >
          {deliveries.data?.data.map((delivery) => (
            <tr key={delivery.id}>
              <td>
                <code>{delivery.event_type}</code>
                <span className={ui.muted}>{delivery.message_id}</span>
              </td>
              <td>{when.format(new Date(delivery.created_at))}</td>
              <td>
                <Badge tone={TONE[delivery.status]}>{t(`adminWebhooks.statuses.${delivery.status}`)}</Badge>
              </td>
              <td>
                {delivery.attempts}
                {delivery.log.length > 0 && (
                  <span className={ui.muted}>
                    {delivery.log
                      .map(
                        (attempt) =>
                          `${attempt.status_code ?? attempt.error ?? '—'} · ${attempt.duration_ms} ms`,
                      )
                      .join(', ')}
                  </span>
                )}
              </td>
              <td>{delivery.last_status ?? t('adminWebhooks.noAnswer')}</td>
              <td>
                {delivery.status !== 'pending' && (
                  <Button
                    variant="secondary"
                    busy={busy === delivery.id}
                    onClick={() => void replay(delivery.id, delivery.status === 'delivered')}
                  >
                    {t('adminWebhooks.replay')}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      </Card>
    </Page>
  );
}
