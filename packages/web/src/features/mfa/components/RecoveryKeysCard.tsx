import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import styles from '../../../components/CodeCard.module.css';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/Toasts';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessage';
import { PATHS } from '../../../lib/paths';
import { markStepDone } from '../../../lib/stepDone';
import { stepUpAgainPath } from '../../../lib/stepUp';
import { useRecoveryStatus, useRegenerateRecoveryKeys } from '../api/recoveryKeys';

/** Security tab: how many recovery keys are unused, and regenerating them (needs a step-up). */
export function RecoveryKeysCard() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const toast = useToast();
  const status = useRecoveryStatus();
  const regenerate = useRegenerateRecoveryKeys();
  // New keys end the current ones at once: the button asks first.
  const [asking, setAsking] = useState(false);

  const onRegenerate = () =>
    regenerate.mutate(undefined, {
      onSettled: () => setAsking(false),
      onSuccess: ({ recovery_keys }) => {
        markStepDone('setup-totp');
        navigate(
          `${PATHS.setupTotpSuccess}?isRegenerated=true&redirect=${encodeURIComponent(PATHS.securityEditRecovery)}`,
          {
            state: { keys: recovery_keys },
          },
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'sudo_required') navigate(stepUpAgainPath());
        else toast.show('error', errorMessage(t, error));
      },
    });

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mfa.settings.recoveryTitle')}</h2>
      <p className={styles.hint}>{t('mfa.settings.recoveryIntro')}</p>
      {status.isPending && <p role="status">{t('common.loading')}</p>}
      {status.isError && (
        <p role="alert" className={styles.formError}>
          {t('mfa.settings.loadError')}
        </p>
      )}
      {status.data && status.data.mfa_id === null && (
        <>
          <p>{t('mfa.settings.recoveryNoTotp')}</p>
          <Link
            className={styles.linkButton}
            to={`${PATHS.setupMfaTotp}?redirect=${encodeURIComponent(PATHS.securityEditRecovery)}`}
          >
            {t('mfa.settings.addTotp')}
          </Link>
        </>
      )}
      {status.data && status.data.mfa_id !== null && (
        <>
          <p className={styles.note} data-testid="recovery-count">
            {t('mfa.settings.recoveryCount', { unused: status.data.unused, total: status.data.total })}
          </p>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setAsking(true)}
            disabled={regenerate.isPending}
          >
            {regenerate.isPending && <span className={styles.spinner} aria-hidden="true" />}
            {t('mfa.settings.regenerate')}
          </button>
        </>
      )}
      <ConfirmDialog
        open={asking}
        title={t('mfa.settings.regenerateTitle')}
        confirmLabel={t('mfa.settings.regenerateYes')}
        cancelLabel={t('common.cancel')}
        busy={regenerate.isPending}
        onConfirm={onRegenerate}
        onCancel={() => setAsking(false)}
      >
        <p>{t('mfa.settings.regenerateText')}</p>
      </ConfirmDialog>
    </section>
  );
}
