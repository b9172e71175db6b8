import type { MfaMethod } from '@vestibule/contract/schemas/mfa';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../../../components/Badge';
import styles from '../../../components/CodeCard.module.css';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListRow, RowList } from '../../../components/ListRow';
import { useToast } from '../../../components/Toasts';
import { KeptValue } from '../../../i18n/KeptValues';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { maskTarget } from '../../../lib/maskTarget';
import { PATHS } from '../../../lib/paths';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useMethods } from '../api/listMethods';
import { useDeleteMethod, useSwitchPrimary } from '../api/manageMethods';

/**
 * Security tab: the MFA methods with make-primary, change, delete and add (needs a step-up). Passkeys
 * have a card of their own (PasskeysCard).
 */
export function MfaMethodsCard({ returnTo = PATHS.securityMfaEdit }: { returnTo?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const methods = useMethods();
  const remove = useDeleteMethod();
  const primary = useSwitchPrimary();
  const back = `redirect=${encodeURIComponent(returnTo)}`;
  const list = (methods.data ?? []).filter(
    (m) => m.id > 0 && m.method !== 'totpRecovery' && m.method !== 'passkey',
  );
  const totp = list.find((m) => m.method === 'totp');
  // The method the dialog asks about, and a deletion the server would refuse, said before asking.
  const [asking, setAsking] = useState<MfaMethod | null>(null);
  const [refusal, setRefusal] = useState<number | null>(null);

  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'sudo_required') navigate(stepUpAgainPath());
    else toast.show('error', errorMessage(t, error));
  };
  const onRemove = (m: MfaMethod) => {
    setRefusal(null);
    if (isLastOfItsKind(m, list)) setRefusal(m.id);
    else setAsking(m);
  };
  const onConfirmRemove = (m: MfaMethod) =>
    remove.mutate(m.id, {
      onSuccess: () => toast.show('success', t('mfa.settings.removed')),
      onError,
      onSettled: () => setAsking(null),
    });
  const onPrimary = (m: MfaMethod) =>
    primary.mutate(m.id, {
      onSuccess: () => toast.show('success', t('mfa.settings.primaryChanged')),
      onError,
    });

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mfa.settings.methodsTitle')}</h2>
      {methods.isPending && <p role="status">{t('common.loading')}</p>}
      {methods.isError && (
        <div role="alert" className={styles.formError}>
          <p>{t('mfa.settings.loadError')}</p>
          <button type="button" className={styles.linkButton} onClick={() => void methods.refetch()}>
            {t('mfa.settings.retry')}
          </button>
        </div>
      )}
      {methods.isSuccess && list.length === 0 && <p>{t('mfa.settings.none')}</p>}
      <RowList testId="mfa-methods">
        {list.map((m) => {
          const target = maskTarget(m.method, m.target);
          return (
            <ListRow
              key={m.id}
              actions={
                <>
                  {!m.primary && (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => onPrimary(m)}
                      disabled={primary.isPending}
                    >
                      {t('mfa.settings.makePrimary')}
                    </button>
                  )}
                  {m.method !== 'totp' ? (
                    <Link
                      className={styles.linkButton}
                      to={`${m.method === 'sms' ? PATHS.setupMfaPhone : PATHS.setupMfaEmail}?edit=${m.id}&${back}`}
                    >
                      {t('mfa.settings.change')}
                    </Link>
                  ) : (
                    <Link
                      className={styles.linkButton}
                      to={`${PATHS.setupMfaTotp}?reset=true&mfaId=${m.id}&${back}`}
                    >
                      {t('mfa.settings.resetTotp')}
                    </Link>
                  )}
                  <button
                    type="button"
                    className={styles.dangerButton}
                    onClick={() => onRemove(m)}
                    disabled={remove.isPending}
                    aria-label={t('mfa.settings.removeLabel', {
                      method: t(`mfa.methodNames.${m.method}`),
                      target: target ?? '',
                    })}
                  >
                    {t('mfa.settings.remove')}
                  </button>
                </>
              }
            >
              <span className={styles.methodName}>
                {t(`mfa.methodNames.${m.method}`)} {m.primary && <Badge>{t('mfa.methods.primary')}</Badge>}
              </span>
              {target && (
                <span className={styles.methodTarget}>
                  <KeptValue>{target}</KeptValue>
                </span>
              )}
              {refusal === m.id && (
                <span role="alert" className={styles.formError} data-refusal={m.method}>
                  {t('errors.mfa_minimum')}
                </span>
              )}
            </ListRow>
          );
        })}
      </RowList>
      <h3 className={styles.subTitle}>{t('mfa.settings.addTitle')}</h3>
      <div className={styles.itemActions}>
        <Link className={styles.linkButton} to={`${PATHS.setupMfaPhone}?${back}`}>
          {t('mfa.settings.addSms')}
        </Link>
        <Link className={styles.linkButton} to={`${PATHS.setupMfaEmail}?${back}`}>
          {t('mfa.settings.addEmail')}
        </Link>
        {!totp && (
          <Link className={styles.linkButton} to={`${PATHS.setupMfaTotp}?${back}`}>
            {t('mfa.settings.addTotp')}
          </Link>
        )}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t('mfa.settings.removeTitle', { method: asking ? t(`mfa.methodNames.${asking.method}`) : '' })}
        confirmLabel={t('mfa.settings.removeYes')}
        cancelLabel={t('common.cancel')}
        busy={remove.isPending}
        onConfirm={() => asking && onConfirmRemove(asking)}
        onCancel={() => setAsking(null)}
      >
        <p>{t(asking?.method === 'totp' ? 'mfa.settings.removeTotpText' : 'mfa.settings.removeText')}</p>
      </ConfirmDialog>
    </section>
  );
}

/** The server keeps one SMS and one e-mail method (409 mfa_minimum): such a deletion is refused up front. */
function isLastOfItsKind(method: MfaMethod, list: MfaMethod[]): boolean {
  return method.method !== 'totp' && list.filter((m) => m.method === method.method).length <= 1;
}
