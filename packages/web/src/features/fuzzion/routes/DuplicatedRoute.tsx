import { useQueryClient } from '@tanstack/react-query';
import { formatPhone } from '@vestibule/contract/phone';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/Toasts';
import { KeptValues } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { maskTarget } from '../../../lib/maskTarget';
import { PATHS } from '../../../lib/paths';
import { markStepDone } from '../../../lib/stepDone';
import { useIgnore, useMerge, useRefuse } from '../api/decide';
import { useFuzzionFlow } from '../api/fuzzionFlow';
import { CodeStep } from '../components/CodeStep';
import { OwnershipStep } from '../components/OwnershipStep';
import { fuzzionPayload } from '../fuzzionStore';
import styles from '../styles';

/**
 * /duplicated?target&method (SPEC §2, §4 Fuzzion): the merge flow the server holds, one step at a
 * time — a code to the other account, ownership, then merge or keep separate.
 */
export function DuplicatedRoute() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [payload] = useState(() => fuzzionPayload.get());
  const flow = useFuzzionFlow(payload);
  const merge = useMerge();
  const refuse = useRefuse();
  const ignore = useIgnore();
  const [fatal, setFatal] = useState(false);

  // Each new step moves the focus to its title, so screen readers announce it.
  const step = flow.data?.step;
  useEffect(() => {
    if (step) document.getElementById(`${id}-title`)?.focus();
  }, [id, step]);

  const next = () => void queryClient.invalidateQueries({ queryKey: ['fuzzion', payload] });
  const fail = () => setFatal(true);
  const done = (to: string) => {
    fuzzionPayload.clear();
    navigate(to, { replace: true });
  };

  const onMerge = async () => {
    if (!payload) return;
    try {
      const result = await merge.mutateAsync(payload);
      fuzzionPayload.clear();
      markStepDone('fuzzion');
      if (result.mfa) {
        const query = new URLSearchParams({
          redirect: 'fuzzion-success',
          isFuzzion: 'true',
          // The address bar (history, shared screens, referrers) shows contacts masked only.
          methods: JSON.stringify(result.mfa.map((m) => ({ ...m, target: maskTarget(m.method, m.target) }))),
        });
        navigate(`${PATHS.mfaMethods}?${query}`, { replace: true });
      } else navigate(PATHS.fuzzionSuccess, { replace: true });
    } catch {
      fail();
    }
  };

  const onRefuse = async () => {
    if (!payload || !flow.data) return;
    try {
      await refuse.mutateAsync(payload);
      toast.show('success', t('fuzzion.reject.done', { target }));
      done(PATHS.dashboard);
    } catch {
      fail();
    }
  };

  const onIgnore = async () => {
    if (payload) await ignore.mutateAsync(payload).catch(() => undefined);
    done(PATHS.dashboard);
  };

  const method = flow.data?.method ?? (params.get('method') === 'sms' ? 'sms' : 'email');
  const rawTarget = flow.data?.target ?? params.get('target') ?? '';
  const target = method === 'sms' ? formatPhone(rawTarget) : rawTarget;
  const broken = fatal || !payload || flow.isError;
  const busy = merge.isPending || refuse.isPending;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} tabIndex={-1}>
          {flow.data?.step === 'reject' ? t('fuzzion.reject.title') : t('fuzzion.title')}
        </h1>
        {target && !broken && (
          <p className={styles.banner}>
            <KeptValues
              text={method === 'sms' ? 'fuzzion.bannerSms' : 'fuzzion.bannerEmail'}
              values={{ target }}
              keep={['target']}
            />
          </p>
        )}
        {broken ? (
          <>
            <p className={styles.formError} role="alert">
              {t(payload ? 'fuzzion.errors.technical' : 'fuzzion.errors.missing')}
            </p>
            <Link className={styles.submit} to={PATHS.dashboard} onClick={() => fuzzionPayload.clear()}>
              {t('fuzzion.errors.home')}
            </Link>
          </>
        ) : !flow.data ? (
          <p role="status">{t('fuzzion.loading')}</p>
        ) : flow.data.step === 'code' ? (
          <CodeStep flow={flow.data} onDone={next} onFatal={fail} />
        ) : flow.data.step === 'ownership' ? (
          <OwnershipStep flow={flow.data} onDone={next} onFatal={fail} />
        ) : flow.data.step === 'decision' ? (
          <>
            <p className={styles.intro}>{t('fuzzion.decision.intro')}</p>
            <ul className={styles.list}>
              <li>{t('fuzzion.decision.what1')}</li>
              <li>{t('fuzzion.decision.what2')}</li>
              <li>{t('fuzzion.decision.what3')}</li>
            </ul>
            <button
              type="button"
              className={styles.submit}
              disabled={busy}
              aria-busy={merge.isPending}
              onClick={() => void onMerge()}
            >
              {merge.isPending && <span className={styles.spinner} aria-hidden="true" />}
              {t(merge.isPending ? 'fuzzion.decision.merging' : 'fuzzion.decision.merge')}
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={busy}
              onClick={() => void onRefuse()}
            >
              {t('fuzzion.decision.refuse')}
            </button>
          </>
        ) : (
          <>
            <p className={styles.intro}>
              <KeptValues text="fuzzion.reject.intro" values={{ target }} keep={['target']} />
            </p>
            <button
              type="button"
              className={styles.submit}
              disabled={busy}
              aria-busy={refuse.isPending}
              onClick={() => void onRefuse()}
            >
              {refuse.isPending && <span className={styles.spinner} aria-hidden="true" />}
              {t(refuse.isPending ? 'fuzzion.reject.confirming' : 'fuzzion.reject.confirm')}
            </button>
          </>
        )}
        {!broken && flow.data && (
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy || ignore.isPending}
            onClick={() => void onIgnore()}
          >
            {t('fuzzion.ignore')}
          </button>
        )}
      </section>
    </div>
  );
}
